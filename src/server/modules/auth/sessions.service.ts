// Session rules: a new session at every sign-in, refresh tokens that rotate on every use, reuse
// detection that ends the whole family (the session), with a short grace for parallel tabs.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import {
  ACCESS_TTL_MS,
  createAccessToken,
  createCsrfToken,
  createRefreshToken,
  hashRefreshToken,
  REFRESH_IDLE_TTL_MS,
  REFRESH_REUSE_GRACE_MS,
  SESSION_ABSOLUTE_TTL_MS,
} from "./session-tokens.ts";
import { sessionsRepository } from "./sessions.repository.ts";

/** Everything the browser receives for a session, with the instants the cookies expire. */
export interface IssuedSession {
  sessionId: string;
  userId: string;
  accessToken: string;
  accessExpiresAt: Date;
  refreshToken: string;
  refreshExpiresAt: Date;
  csrfToken: string;
}

export type RefreshOutcome =
  | { ok: true; session: IssuedSession; kind: "rotated" | "grace" }
  | { ok: false; reason: "unknown" | "ended" | "expired" | "reused" };

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);

export type SessionsService = ReturnType<typeof sessionsService>;

export function sessionsService(deps: { kysely: Kysely<Database>; secret: string; now: () => Date }) {
  const { kysely, secret, now } = deps;

  function issue(
    sessionId: string,
    userId: string,
    refreshToken: string,
    refreshExpiresAt: Date,
    sessionExpiresAt: Date,
    at: Date,
  ): IssuedSession {
    const accessExpiresAt = earliest(new Date(at.getTime() + ACCESS_TTL_MS), sessionExpiresAt);
    return {
      sessionId,
      userId,
      accessToken: createAccessToken(secret, sessionId, accessExpiresAt),
      accessExpiresAt,
      refreshToken,
      refreshExpiresAt,
      csrfToken: createCsrfToken(secret, sessionId),
    };
  }

  /** A fresh token row for the session; its idle expiry never outlives the session. */
  async function addRefreshToken(
    repository: ReturnType<typeof sessionsRepository>,
    sessionId: string,
    tokenId: string,
    sessionExpiresAt: Date,
    at: Date,
  ) {
    const token = createRefreshToken();
    const expiresAt = earliest(new Date(at.getTime() + REFRESH_IDLE_TTL_MS), sessionExpiresAt);
    await repository.insertRefreshToken({
      id: tokenId,
      sessionId,
      tokenHash: hashRefreshToken(token),
      now: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
    });
    return { token, expiresAt };
  }

  return {
    /** A new session for a sign-in, with its first refresh token. */
    async startSession(userId: string, userAgent: string | null): Promise<IssuedSession> {
      const at = now();
      const sessionId = randomUUID();
      const sessionExpiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_TTL_MS);
      return kysely.transaction().execute(async (trx) => {
        const repository = sessionsRepository(trx);
        await repository.insertSession({
          id: sessionId,
          userId,
          now: at.toISOString(),
          expiresAt: sessionExpiresAt.toISOString(),
          userAgent: userAgent?.slice(0, 500) ?? null,
        });
        const refresh = await addRefreshToken(repository, sessionId, randomUUID(), sessionExpiresAt, at);
        return issue(sessionId, userId, refresh.token, refresh.expiresAt, sessionExpiresAt, at);
      });
    },

    /**
     * Exchanges a refresh token for a new one (and a new access token).
     * - unused token: it is marked rotated and a successor is issued;
     * - token rotated less than the grace ago (two tabs refreshing at once): a fresh sibling is
     *   issued, so both tabs succeed; the next normal rotation retires the spare one;
     * - token rotated longer ago: a replay, so the whole session (the family) is revoked.
     */
    async refreshSession(refreshToken: string): Promise<RefreshOutcome> {
      const at = now();
      const iso = at.toISOString();
      return kysely.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const repository = sessionsRepository(trx);
        const row = await repository.findRefreshTokenByHash(hashRefreshToken(refreshToken));
        if (!row) return { ok: false, reason: "unknown" };
        if (row.sessionRevokedAt !== null || row.sessionExpiresAt <= iso) return { ok: false, reason: "ended" };
        if (row.expiresAt <= iso) return { ok: false, reason: "expired" };
        const sessionExpiresAt = new Date(row.sessionExpiresAt);

        const successorId = randomUUID();
        const isFirstUse = row.rotatedAt === null && (await repository.claimRotation(row.id, successorId, iso));
        if (isFirstUse) {
          const refresh = await addRefreshToken(repository, row.sessionId, successorId, sessionExpiresAt, at);
          await repository.retireOtherTokens(row.sessionId, successorId, iso);
          await repository.touchSession(row.sessionId, iso);
          return {
            ok: true,
            kind: "rotated",
            session: issue(row.sessionId, row.userId, refresh.token, refresh.expiresAt, sessionExpiresAt, at),
          };
        }

        // Rotated already: by an earlier request, or by a concurrent one that won claimRotation.
        const rotatedAt = row.rotatedAt ?? iso;
        if (at.getTime() - new Date(rotatedAt).getTime() > REFRESH_REUSE_GRACE_MS) {
          await repository.revokeSession(row.sessionId, iso);
          return { ok: false, reason: "reused" };
        }
        const sibling = await addRefreshToken(repository, row.sessionId, successorId, sessionExpiresAt, at);
        await repository.touchSession(row.sessionId, iso);
        return {
          ok: true,
          kind: "grace",
          session: issue(row.sessionId, row.userId, sibling.token, sibling.expiresAt, sessionExpiresAt, at),
        };
      });
    },

    /** The live session a refresh token belongs to (used to bind the CSRF token of /auth calls). */
    async findSessionIdOfRefreshToken(refreshToken: string): Promise<string | null> {
      return sessionsRepository(kysely).findLiveSessionIdByTokenHash(hashRefreshToken(refreshToken), now().toISOString());
    },

    async revokeSession(sessionId: string): Promise<void> {
      await sessionsRepository(kysely).revokeSession(sessionId, now().toISOString());
    },
  };
}
