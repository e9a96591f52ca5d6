// Refresh tokens rotate on every use; a reused one ends the whole family (the session), with a short grace for
// parallel tabs (docs/decisions/003, 021).
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Db } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import {
  ACCESS_TTL_MS,
  createAccessToken,
  createCsrfToken,
  createRefreshToken,
  hashRefreshToken,
  readRefreshToken,
  REFRESH_IDLE_TTL_MS,
  REFRESH_REUSE_GRACE_MS,
  SESSION_ABSOLUTE_TTL_MS,
} from "./session-tokens.ts";
import { sessionsRepository } from "./sessions.repository.ts";

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
  { ok: true; session: IssuedSession; kind: "rotated" | "grace" } | { ok: false; reason: "unknown" | "ended" | "expired" | "reused" };

const earliest = (a: Date, b: Date) => (a.getTime() <= b.getTime() ? a : b);
const hashesOf = (list: string) => (list === "" ? [] : list.split(" "));

/** Retired tokens are kept as "hash@epochMs", each with its own retirement instant. */
interface RetiredToken {
  hash: string;
  retiredAt: number;
}
const readRetired = (list: string): RetiredToken[] =>
  hashesOf(list).map((entry) => {
    const [hash = "", retiredAt = ""] = entry.split("@");
    return { hash, retiredAt: Number(retiredAt) };
  });
const writeRetired = (tokens: RetiredToken[]) => tokens.map(({ hash, retiredAt }) => `${hash}@${retiredAt}`).join(" ");

/** Of many users' sessions at once (a heartbeat's), those neither revoked nor expired; needs no secret, unlike sessionsService. */
export function liveSessionIds(kysely: Kysely<Database>, sessionIds: string[], now: string): Promise<Set<string>> {
  return sessionsRepository(kysely).liveSessionIds(sessionIds, now);
}

export function sessionsService(deps: { db: Db; secret: string; now: () => Date }) {
  const { db, secret, now } = deps;
  const repository = sessionsRepository(db.kysely);

  function issue(
    sessionId: string,
    userId: string,
    refreshToken: string,
    refreshIdleExpiresAt: Date,
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
      // The idle expiry is stored as is; the cookie never outlives the session.
      refreshExpiresAt: earliest(refreshIdleExpiresAt, sessionExpiresAt),
      csrfToken: createCsrfToken(secret, sessionId),
    };
  }

  return {
    async startSession(userId: string, userAgent: string | null): Promise<IssuedSession> {
      const at = now();
      const sessionId = randomUUID();
      const sessionExpiresAt = new Date(at.getTime() + SESSION_ABSOLUTE_TTL_MS);
      const refreshToken = createRefreshToken(secret, sessionId);
      const refreshIdleExpiresAt = new Date(at.getTime() + REFRESH_IDLE_TTL_MS);
      await repository.insertSession({
        id: sessionId,
        userId,
        now: at.toISOString(),
        expiresAt: sessionExpiresAt.toISOString(),
        userAgent: userAgent?.slice(0, 500) ?? null,
        refreshHash: hashRefreshToken(refreshToken),
        refreshExpiresAt: refreshIdleExpiresAt.toISOString(),
      });
      return issue(sessionId, userId, refreshToken, refreshIdleExpiresAt, sessionExpiresAt, at);
    },

    // A token retired within the grace (tabs refreshing at once, a laptop waking up) gets a sibling beside the live
    // ones, so every tab succeeds; any other token of the session is a replay and revokes it.
    async refreshSession(refreshToken: string): Promise<RefreshOutcome> {
      const sessionId = readRefreshToken(secret, refreshToken);
      if (!sessionId) return { ok: false, reason: "unknown" };
      const at = now();
      const iso = at.toISOString();
      const tokenHash = hashRefreshToken(refreshToken);
      const successor = createRefreshToken(secret, sessionId);
      const successorHash = hashRefreshToken(successor);
      const idleExpiresAt = new Date(at.getTime() + REFRESH_IDLE_TTL_MS);
      const refreshExpiresAt = idleExpiresAt.toISOString();

      return db.kysely.transaction().execute(async (trx): Promise<RefreshOutcome> => {
        const sessions = sessionsRepository(trx);
        const state = await sessions.findRefreshState(sessionId, { forUpdate: db.dialect === "postgres" });
        if (!state) return { ok: false, reason: "unknown" };
        if (state.revokedAt !== null || state.expiresAt <= iso) return { ok: false, reason: "ended" };
        const live = hashesOf(state.refreshHashes);
        const retired = readRetired(state.retiredRefreshHashes).filter(
          ({ retiredAt }) => at.getTime() - retiredAt <= REFRESH_REUSE_GRACE_MS,
        );
        const issued = (kind: "rotated" | "grace"): RefreshOutcome => ({
          ok: true,
          kind,
          session: issue(sessionId, state.userId, successor, idleExpiresAt, new Date(state.expiresAt), at),
        });

        if (live.includes(tokenHash)) {
          if (state.refreshExpiresAt === null || state.refreshExpiresAt <= iso) return { ok: false, reason: "expired" };
          const nowRetired = live.map((hash) => ({ hash, retiredAt: at.getTime() }));
          await sessions.writeRefreshState(sessionId, {
            refreshHashes: successorHash,
            retiredRefreshHashes: writeRetired([...retired, ...nowRetired]),
            refreshRotatedAt: iso,
            refreshExpiresAt,
            now: iso,
          });
          return issued("rotated");
        }

        if (retired.some(({ hash }) => hash === tokenHash)) {
          await sessions.writeRefreshState(sessionId, {
            refreshHashes: [...live, successorHash].join(" "),
            retiredRefreshHashes: writeRetired(retired),
            refreshRotatedAt: state.refreshRotatedAt,
            refreshExpiresAt,
            now: iso,
          });
          return issued("grace");
        }

        await sessions.revokeSession(sessionId, iso);
        return { ok: false, reason: "reused" };
      });
    },

    sessionIdOfRefreshToken(refreshToken: string | undefined): string | null {
      return readRefreshToken(secret, refreshToken);
    },

    async revokeSession(sessionId: string): Promise<boolean> {
      return repository.revokeSession(sessionId, now().toISOString());
    },
  };
}
