import { type Kysely, sql } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { User } from "../../../shared/api/user.ts";
import type { Database } from "../../db/schema.ts";
import { userDataTables, userKeyedTables } from "./user-data-tables.ts";

// An explicit list: a prepared statement keeps its columns.
const userColumns = ["id", "name", "email", "avatarUrl", "timeZone", "workdayStart", "workdayEnd"] as const;

const userQuery = compiledQuery((db, p: { userId: string }) => db.selectFrom("users").select(userColumns).where("id", "=", p.userId));
// Compiled once: most reads of a user's day ask for it.
const timeZoneQuery = compiledQuery((db, p: { userId: string }) => db.selectFrom("users").select("timeZone").where("id", "=", p.userId));

export function usersRepository(db: Kysely<Database>) {
  return {
    async findUser(userId: string): Promise<User | undefined> {
      return userQuery.takeFirst(db, { userId });
    },

    async findTimeZone(userId: string): Promise<string | undefined> {
      return (await timeZoneQuery.takeFirst(db, { userId }))?.timeZone;
    },

    async updatePreferences(userId: string, preferences: Partial<Pick<User, "timeZone" | "workdayStart" | "workdayEnd">>, now: string) {
      return db
        .updateTable("users")
        .set({ ...preferences, updatedAt: now })
        .where("id", "=", userId)
        .returning(userColumns)
        .executeTakeFirst();
    },

    async findNameAndEmail(userId: string, options: { lock?: boolean } = {}): Promise<{ name: string; email: string | null } | undefined> {
      const query = db.selectFrom("users").select(["name", "email"]).where("id", "=", userId);
      return (options.lock ? query.forUpdate() : query).executeTakeFirst();
    },

    async dataVersions(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom("users").select(["id", "dataVersion"]).where("id", "in", userIds).execute();
      return new Map(rows.map((row) => [row.id, Number(row.dataVersion)]));
    },

    async findProfile(userId: string) {
      return db
        .selectFrom("users")
        .select(["name", "email", "avatarUrl", "timeZone", "createdAt"])
        .where("id", "=", userId)
        .executeTakeFirst();
    },

    /** Every row of the user's in every table; call inside a transaction. */
    async deleteEverything(userId: string): Promise<void> {
      for (const { table, keyColumn } of userKeyedTables) {
        await db.deleteFrom(table).where(sql.ref(keyColumn), "like", `%:${userId}`).execute();
      }
      for (const { table, userColumn } of userDataTables) {
        await db.deleteFrom(table).where(sql.ref(userColumn), "=", userId).execute();
      }
    },
  };
}
