// Sessions are reached by the id a signed cookie or refresh token carries: the session is the owner here.
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database, SessionRow, UserRow } from "../../db/schema.ts";

export type NewSession = Pick<SessionRow, "id" | "userId" | "expiresAt" | "userAgent"> & {
  now: string;
  refreshHash: string;
  refreshExpiresAt: string;
};

const refreshStateColumns = [
  "userId",
  "expiresAt",
  "revokedAt",
  "refreshHashes",
  "retiredRefreshHashes",
  "refreshRotatedAt",
  "refreshExpiresAt",
] as const;

export type RefreshState = Pick<SessionRow, (typeof refreshStateColumns)[number]>;

export type RefreshChange = Pick<SessionRow, "refreshHashes" | "retiredRefreshHashes" | "refreshRotatedAt"> & {
  refreshExpiresAt: string;
  now: string;
};

export type LiveSession = Pick<SessionRow, "userId"> & Pick<UserRow, "dataVersion">;

const liveSessionUserQuery = compiledQuery((db, p: { sessionId: string; now: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["sessions.userId", "users.dataVersion"])
    .where("sessions.id", "=", p.sessionId)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", p.now),
);

export function sessionsRepository(db: Kysely<Database>) {
  return {
    /** Of many users' sessions at once (a heartbeat's), those neither revoked nor expired. */
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

    async insertSession(session: NewSession): Promise<void> {
      await db
        .insertInto("sessions")
        .values({
          id: session.id,
          userId: session.userId,
          createdAt: session.now,
          lastUsedAt: session.now,
          expiresAt: session.expiresAt,
          revokedAt: null,
          userAgent: session.userAgent,
          refreshHashes: session.refreshHash,
          retiredRefreshHashes: "",
          refreshRotatedAt: null,
          refreshExpiresAt: session.refreshExpiresAt,
        })
        .execute();
    },

    async findLiveSessionUser(sessionId: string, now: string): Promise<LiveSession | undefined> {
      const row = await liveSessionUserQuery.takeFirst(db, { sessionId, now });
      return row && { userId: row.userId, dataVersion: Number(row.dataVersion) };
    },

    // forUpdate locks the row on PostgreSQL, so concurrent refreshes of one session take turns.
    async findRefreshState(sessionId: string, options: { forUpdate?: boolean } = {}): Promise<RefreshState | undefined> {
      const query = db.selectFrom("sessions").select(refreshStateColumns).where("id", "=", sessionId);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    // The caller holds the row (findRefreshState with forUpdate, in the same transaction).
    async writeRefreshState(sessionId: string, change: RefreshChange): Promise<void> {
      await db
        .updateTable("sessions")
        .set({
          refreshHashes: change.refreshHashes,
          retiredRefreshHashes: change.retiredRefreshHashes,
          refreshRotatedAt: change.refreshRotatedAt,
          refreshExpiresAt: change.refreshExpiresAt,
          lastUsedAt: change.now,
        })
        .where("id", "=", sessionId)
        .execute();
    },

    async revokeSession(sessionId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("sessions")
        .set({ revokedAt: now })
        .where("id", "=", sessionId)
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
