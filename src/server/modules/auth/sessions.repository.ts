// Session and refresh-token queries only. These tables are reached through a session (from a
// signed cookie or a refresh token's hash), not through a user id: the session is the owner here.
// Bind to the database or to a transaction: sessionsRepository(trx).
import type { Kysely } from "kysely";
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
      await db
        .insertInto("refreshTokens")
        .values({
          id: token.id,
          sessionId: token.sessionId,
          tokenHash: token.tokenHash,
          createdAt: token.now,
          expiresAt: token.expiresAt,
          rotatedAt: null,
          replacedById: null,
        })
        .execute();
    },

    /** The user of a live session (not revoked, not past its absolute expiry). */
    async findLiveSessionUser(sessionId: string, now: string): Promise<string | null> {
      const row = await db
        .selectFrom("sessions")
        .select("userId")
        .where("id", "=", sessionId)
        .where("revokedAt", "is", null)
        .where("expiresAt", ">", now)
        .executeTakeFirst();
      return row?.userId ?? null;
    },

    /** The live session a refresh token belongs to, whatever the token's own state. */
    async findLiveSessionIdByTokenHash(tokenHash: string, now: string): Promise<string | null> {
      const row = await db
        .selectFrom("refreshTokens")
        .innerJoin("sessions", "sessions.id", "refreshTokens.sessionId")
        .select("sessions.id")
        .where("refreshTokens.tokenHash", "=", tokenHash)
        .where("sessions.revokedAt", "is", null)
        .where("sessions.expiresAt", ">", now)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** A refresh token with its session's state, by the token's hash. */
    async findRefreshTokenByHash(tokenHash: string) {
      return db
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
        .where("refreshTokens.tokenHash", "=", tokenHash)
        .executeTakeFirst();
    },

    /**
     * Marks a token as used, only if nobody did so first. Returns false when another request
     * (another tab, another server instance) rotated it in the meantime.
     */
    async claimRotation(tokenId: string, successorId: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("refreshTokens")
        .set({ rotatedAt: now, replacedById: successorId })
        .where("id", "=", tokenId)
        .where("rotatedAt", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Retires every other unused token of the session (siblings handed out during a grace period),
     * so that after a normal rotation exactly one token of the session is alive.
     */
    async retireOtherTokens(sessionId: string, keepId: string, now: string): Promise<void> {
      await db
        .updateTable("refreshTokens")
        .set({ rotatedAt: now, replacedById: keepId })
        .where("sessionId", "=", sessionId)
        .where("rotatedAt", "is", null)
        .where("id", "!=", keepId)
        .execute();
    },

    async touchSession(sessionId: string, now: string): Promise<void> {
      await db.updateTable("sessions").set({ lastUsedAt: now }).where("id", "=", sessionId).execute();
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
