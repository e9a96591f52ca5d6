import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
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

/**
 * Reads the access cookie (HMAC-signed session id and expiry) and, on every request, its session
 * and the user's data version in one indexed query: a logout or a revoked session is refused at
 * once by every instance, and the version is the one signal the user-data cache needs.
 */
export const authenticatePlugin = fp<{ secret: string }>(async function authenticate(app: FastifyInstance, { secret }) {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("userDataVersion", null);
  const sessions = sessionsRepository(app.db.kysely);

  app.addHook("onRequest", async (request) => {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token || request.routeOptions.config.skipAuthentication) return;
    const now = app.now();
    const access = readAccessToken(secret, token, now);
    if (!access) return;
    const live = await sessions.findLiveSessionUser(access.sessionId, now.toISOString());
    if (!live) return;
    request.userId = live.userId;
    request.sessionId = access.sessionId;
    request.userDataVersion = live.dataVersion;
  });
});
