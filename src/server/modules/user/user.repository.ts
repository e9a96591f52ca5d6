// User queries only. Every function takes the user's id first.
import type { Kysely } from "kysely";
import type { Database, UserRow } from "../../db/schema.ts";

export function usersRepository(db: Kysely<Database>) {
  return {
    async findUser(userId: string): Promise<UserRow | undefined> {
      return db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirst();
    },

    async updateTimeZone(userId: string, timeZone: string, now: string): Promise<UserRow | undefined> {
      return db
        .updateTable("users")
        .set({ timeZone, updatedAt: now })
        .where("id", "=", userId)
        .returningAll()
        .executeTakeFirst();
    },
  };
}
