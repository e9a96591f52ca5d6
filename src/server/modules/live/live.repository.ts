import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

// Checks over many users' streams at once (a heartbeat's), so by ids rather than one user's.
export function liveRepository(db: Kysely<Database>) {
  return {
    async liveSessionIds(sessionIds: string[], now: string): Promise<Set<string>> {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("sessions")
        .select("id")
        .where("id", "in", sessionIds)
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", now)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async liveTokenIds(tokenIds: string[], now: string): Promise<Set<string>> {
      if (tokenIds.length === 0) return new Set();
      const rows = await db
        .selectFrom("personalAccessTokens")
        .select("id")
        .where("id", "in", tokenIds)
        .where("revokedAt", "is", null)
        .where((eb) => eb.or([eb("expiresAt", "is", null), eb("expiresAt", ">", now)]))
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    async dataVersions(userIds: string[]): Promise<Map<string, number>> {
      if (userIds.length === 0) return new Map();
      const rows = await db.selectFrom("users").select(["id", "dataVersion"]).where("id", "in", userIds).execute();
      return new Map(rows.map((row) => [row.id, Number(row.dataVersion)]));
    },
  };
}
