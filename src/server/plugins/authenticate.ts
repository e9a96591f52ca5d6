import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { AppError } from "../app-error.ts";
import { ACCESS_COOKIE, readAccessToken } from "../modules/auth/session-tokens.ts";
import { sessionsRepository } from "../modules/auth/sessions.repository.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads no session (health checks): it must answer even when the database cannot. */
    skipAuthentication?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null; set before any handler runs. */
    userId: string | null;
    sessionId: string | null;
    /** The signed-in user's data version as this request found it (db/user-data.ts), or null. */
    userDataVersion: number | null;
  }
}

/** The signed-in user's id; answers 401 when there is none. Every user-owned route calls this. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError("unauthorized", "Not signed in");
  return request.userId;
}

/** Access cookies whose session was found live, kept per cookie value (see below). */
const MAX_KEPT_ACCESS_TOKENS = 10_000;

interface KeptSession {
  sessionId: string;
  userId: string;
  dataVersion: number;
  /** The earlier of the cookie's and the session's expiry, in ms. */
  validUntil: number;
  /** db.writeCount() when the session was read. */
  writeCount: number;
}

/**
 * Reads the access cookie (HMAC-signed session id and expiry) and checks its session in the
 * database: not revoked, not expired. A cookie checked once is kept with the database's write count
 * at that time (db.writeCount) and taken as checked again while the count has not moved and neither
 * expiry has passed. On SQLite, where this process is the database's only writer, any write (a
 * logout, a revoked family, any task) moves it. On PostgreSQL, this instance's writes and commits
 * move it, and so does each notice of another instance's write to a session or a user's data version
 * (migration 0012), which arrives just after that write commits; while the instance is not
 * listening for those notices there is no count, and every request reads its session.
 */
export const authenticatePlugin = fp<{ secret: string }>(async function authenticate(app: FastifyInstance, { secret }) {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("userDataVersion", null);
  const writeCount = app.db.writeCount;
  const kept = new LRUCache<string, KeptSession>({ max: MAX_KEPT_ACCESS_TOKENS });

  app.addHook("onRequest", async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token || request.routeOptions.config.skipAuthentication) return;
    const now = app.now();
    const writesBefore = writeCount?.();
    let session = writesBefore === undefined ? undefined : kept.get(token);
    if (!session || session.writeCount !== writesBefore || session.validUntil <= now.getTime()) {
      const access = readAccessToken(secret, token, now);
      if (!access) return;
      const live = await sessionsRepository(app.db.kysely).findLiveSessionUser(access.sessionId, now.toISOString());
      if (!live) return;
      session = {
        sessionId: access.sessionId,
        userId: live.userId,
        dataVersion: live.dataVersion,
        validUntil: Math.min(Date.parse(live.expiresAt), access.expiresAtMs),
        writeCount: writesBefore ?? 0,
      };
      if (writesBefore !== undefined) kept.set(token, session);
    }
    request.userId = session.userId;
    request.sessionId = session.sessionId;
    request.userDataVersion = session.dataVersion;
  });
});
