import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../app-error.ts";
import { ACCESS_COOKIE, readAccessToken } from "../modules/auth/session-tokens.ts";
import { sessionsRepository } from "../modules/auth/sessions.repository.ts";

declare module "fastify" {
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

/** Reads the access cookie and checks its session in the database (one indexed read). */
export const authenticatePlugin = fp<{ secret: string }>(async function authenticate(app: FastifyInstance, { secret }) {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("userDataVersion", null);
  app.addHook("onRequest", async (request) => {
    const now = app.now();
    const sessionId = readAccessToken(secret, request.cookies[ACCESS_COOKIE], now);
    if (!sessionId) return;
    const session = await sessionsRepository(app.db.kysely).findLiveSessionUser(sessionId, now.toISOString());
    if (!session) return;
    request.userId = session.userId;
    request.sessionId = sessionId;
    request.userDataVersion = session.dataVersion;
  });
});
