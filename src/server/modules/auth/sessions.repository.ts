// Session and refresh-token queries only. These tables are reached through a session (from a
// signed cookie or a refresh token's hash), not through a user id: the session is the owner here.
// Bind to the database or to a transaction: sessionsRepository(trx).
import type { Kysely } from "kysely";
import { compiledQuery } from "../../db/compiled-query.ts";
import type { Database } from "../../db/schema.ts";

export interface NewSession {
  id: string;
  userId: string;
  now: string;
  expiresAt: string;
  userAgent: string | null;
}

export interface NewRefreshToken {
  id: string;
  sessionId: string;
  tokenHash: string;
  now: string;
  expiresAt: string;
}

export type SessionsRepository = ReturnType<typeof sessionsRepository>;

export interface LiveSession {
  userId: string;
  /** The session's absolute expiry (ISO instant). */
  expiresAt: string;
  dataVersion: number;
}

// Compiled once: the first runs on every signed-in request, the others on every refresh.
// The user's data version comes along (one primary-key probe more) for the user-data cache.
const liveSessionUserQuery = compiledQuery((db, p: { sessionId: string; now: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .select(["sessions.userId", "sessions.expiresAt", "users.dataVersion"])
    .where("sessions.id", "=", p.sessionId)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", p.now),
);

const liveSessionIdByTokenHashQuery = compiledQuery((db, p: { tokenHash: string; now: string }) =>
  db
    .selectFrom("refreshTokens")
    .innerJoin("sessions", "sessions.id", "refreshTokens.sessionId")
    .select("sessions.id")
    .where("refreshTokens.tokenHash", "=", p.tokenHash)
    .where("sessions.revokedAt", "is", null)
    .where("sessions.expiresAt", ">", p.now),
);

const refreshTokenByHashQuery = compiledQuery((db, p: { tokenHash: string }) =>
  db
    .selectFrom("refreshTokens")
    .innerJoin("sessions", "sessions.id", "refreshTokens.sessionId")
    .select([
      "refreshTokens.id",
      "refreshTokens.sessionId",
      "refreshTokens.expiresAt",
      "refreshTokens.rotatedAt",
      "sessions.userId",
      "sessions.expiresAt as sessionExpiresAt",
      "sessions.revokedAt as sessionRevokedAt",
    ])
    .where("refreshTokens.tokenHash", "=", p.tokenHash),
);

const insertRefreshTokenQuery = compiledQuery(
  (db, p: { id: string; sessionId: string; tokenHash: string; now: string; expiresAt: string }) =>
    db.insertInto("refreshTokens").values({
      id: p.id,
      sessionId: p.sessionId,
      tokenHash: p.tokenHash,
      createdAt: p.now,
      expiresAt: p.expiresAt,
      rotatedAt: null,
      replacedById: null,
    }),
);

const claimRotationQuery = compiledQuery((db, p: { tokenId: string; successorId: string; now: string }) =>
  db
    .updateTable("refreshTokens")
    .set({ rotatedAt: p.now, replacedById: p.successorId })
    .where("id", "=", p.tokenId)
    .where("rotatedAt", "is", null),
);

const retireOtherTokensQuery = compiledQuery((db, p: { sessionId: string; keepId: string; now: string }) =>
  db
    .updateTable("refreshTokens")
    .set({ rotatedAt: p.now, replacedById: p.keepId })
    .where("sessionId", "=", p.sessionId)
    .where("rotatedAt", "is", null)
    .where("id", "!=", p.keepId),
);

const touchSessionQuery = compiledQuery((db, p: { sessionId: string; now: string }) =>
  db.updateTable("sessions").set({ lastUsedAt: p.now }).where("id", "=", p.sessionId),
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
        })
        .execute();
    },

    async insertRefreshToken(token: NewRefreshToken): Promise<void> {
      await insertRefreshTokenQuery.execute(db, token);
    },

    /** The user of a live session (not revoked, not past its absolute expiry), with the session's expiry and the user's data version. */
    async findLiveSessionUser(sessionId: string, now: string): Promise<LiveSession | undefined> {
      const row = await liveSessionUserQuery.takeFirst(db, { sessionId, now });
      return row && { userId: row.userId, expiresAt: row.expiresAt, dataVersion: Number(row.dataVersion) };
    },

    /** The live session a refresh token belongs to, whatever the token's own state. */
    async findLiveSessionIdByTokenHash(tokenHash: string, now: string): Promise<string | null> {
      const row = await liveSessionIdByTokenHashQuery.takeFirst(db, { tokenHash, now });
      return row?.id ?? null;
    },

    /** A refresh token with its session's state, by the token's hash. */
    async findRefreshTokenByHash(tokenHash: string) {
      return refreshTokenByHashQuery.takeFirst(db, { tokenHash });
    },

    /**
     * Marks a token as used, only if nobody did so first. Returns false when another request
     * (another tab, another server instance) rotated it in the meantime.
     */
    async claimRotation(tokenId: string, successorId: string, now: string): Promise<boolean> {
      const result = await claimRotationQuery.execute(db, { tokenId, successorId, now });
      return Number(result.numAffectedRows) === 1;
    },

    /**
     * Retires every other unused token of the session (siblings handed out during a grace period),
     * so that after a normal rotation exactly one token of the session is alive.
     */
    async retireOtherTokens(sessionId: string, keepId: string, now: string): Promise<void> {
      await retireOtherTokensQuery.execute(db, { sessionId, keepId, now });
    },

    async touchSession(sessionId: string, now: string): Promise<void> {
      await touchSessionQuery.execute(db, { sessionId, now });
    },

    /** Ends a session: its access cookie and every refresh token of its family stop working. */
    async revokeSession(sessionId: string, now: string): Promise<void> {
      await db
        .updateTable("sessions")
        .set({ revokedAt: now })
        .where("id", "=", sessionId)
        .where("revokedAt", "is", null)
        .execute();
    },
  };
}
