// A user is found by (issuer, subject), never by e-mail.
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema.ts";

export type Profile = Pick<UserRow, "name" | "email" | "avatarUrl">;

export function identitiesRepository(db: Kysely<Database>) {
  return {
    async findUserIdByIdentity(issuer: string, subject: string): Promise<string | null> {
      const row = await db
        .selectFrom("userIdentities")
        .select("userId")
        .where("issuer", "=", issuer)
        .where("subject", "=", subject)
        .executeTakeFirst();
      return row?.userId ?? null;
    },

    async insertUserWithIdentity(
      user: Pick<UserRow, "id" | "timeZone"> & Profile,
      identity: { id: string; issuer: string; subject: string },
      now: string,
    ): Promise<void> {
      await db
        .insertInto("users")
        .values({ ...user, createdAt: now, updatedAt: now })
        .execute();
      await db
        .insertInto("userIdentities")
        .values({ ...identity, userId: user.id, createdAt: now, lastSignInAt: now })
        .execute();
    },

    async updateProfile(userId: string, profile: Profile, issuer: string, subject: string, now: string): Promise<void> {
      await db
        .updateTable("users")
        .set({ ...profile, updatedAt: now })
        .where("id", "=", userId)
        .execute();
      await db
        .updateTable("userIdentities")
        .set({ lastSignInAt: now })
        .where("userId", "=", userId)
        .where("issuer", "=", issuer)
        .where("subject", "=", subject)
        .execute();
    },
  };
}
