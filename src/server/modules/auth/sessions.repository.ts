// Session queries only, refresh tokens included (their hashes live on the session row). Sessions
// are reached by the id a signed cookie or refresh token carries, not through a user id: the
// session is the owner here. Bind to the database or to a transaction: sessionsRepository(trx).
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database } from "../../db/schema.ts";

export interface NewSession {
  id: string;
  userId: string;
  now: string;
  expiresAt: string;
  userAgent: string | null;
  /** The first refresh token's hash and idle expiry. */
  refreshHash: string;
  refreshExpiresAt: string;
}

/** A session's refresh-token state, as a refresh reads it. */
export interface RefreshState {
  userId: string;
  expiresAt: string;
  revokedAt: string | null;
  refreshHashes: string;
  retiredRefreshHashes: string;
  refreshRotatedAt: string | null;
  refreshExpiresAt: string | null;
}

/** What a refresh writes: the new live and retired hashes, the rotation instant and the idle expiry. */
export interface RefreshChange {
  refreshHashes: string;
  retiredRefreshHashes: string;
  refreshRotatedAt: string | null;
  refreshExpiresAt: string;
  now: string;
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;

export interface LiveSession {
  userId: string;
  dataVersion: number;
}

// Compiled once: it runs on every signed-in request.
// The user's data version comes along (one primary-key probe more) for the user-data cache.
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

    /** The user of a live session (not revoked, not past its absolute expiry), with the user's data version. */
    async findLiveSessionUser(sessionId: string, now: string): Promise<LiveSession | undefined> {
      const row = await liveSessionUserQuery.takeFirst(db, { sessionId, now });
      return row && { userId: row.userId, dataVersion: Number(row.dataVersion) };
    },

    /**
     * A session's refresh-token state. `forUpdate` (PostgreSQL, inside a transaction) locks the row
     * until the transaction ends, so concurrent refreshes of one session take turns; SQLite needs no
     * lock, its one connection runs one transaction at a time.
     */
    async findRefreshState(sessionId: string, options: { forUpdate?: boolean } = {}): Promise<RefreshState | undefined> {
      const query = db
        .selectFrom("sessions")
        .select(["userId", "expiresAt", "revokedAt", "refreshHashes", "retiredRefreshHashes", "refreshRotatedAt", "refreshExpiresAt"])
        .where("id", "=", sessionId);
      return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
    },

    /** Writes a refresh's change; the caller holds the row (findRefreshState with forUpdate, in the same transaction). */
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

    /**
     * Ends a session: its access cookie and every refresh token of its family stop working.
     * True when it was live until now.
     */
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
