import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { ACCESS_TOKEN_PREFIX } from "../../shared/api/oauth.ts";
import { TOKEN_PREFIX, type TokenScope } from "../../shared/api/tokens.ts";
import { AppError } from "../app-error.ts";
import { ACCESS_COOKIE, readAccessToken } from "../modules/auth/session-tokens.ts";
import { sessionsRepository } from "../modules/auth/sessions.repository.ts";
import { hashTokenSecret, readBearerToken } from "../modules/tokens/token-secrets.ts";
import { tokensRepository } from "../modules/tokens/tokens.repository.ts";
import { routedPath } from "./routed-path.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The route reads no session (health checks): it must answer even when the database cannot. */
    skipAuthentication?: boolean;
    /** Session only: a personal access token is refused (the token routes; /auth/* always). */
    refuseBearer?: boolean;
    /** The route checks a token's scope itself (the MCP endpoint: a read token may POST read tools). */
    bearerScopeByRoute?: boolean;
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null; set before any handler runs. */
    userId: string | null;
    sessionId: string | null;
    /** The signed-in user's data version as this request found it (db/user-data.ts), or null. */
    userDataVersion: number | null;
    /** Set when the request came with a personal access token or an OAuth access token (its grant's id) rather than the session cookie. */
    bearerToken: { id: string; scope: TokenScope; kind: "personal" | "oauth" } | null;
  }
}

/** The signed-in user's id; answers 401 when there is none. Every user-owned route calls this. */
export function requireUserId(request: FastifyRequest): string {
  if (!request.userId) throw new AppError("unauthorized", "Not signed in");
  return request.userId;
}

const READ_METHODS = new Set(["GET", "HEAD"]);
const LAST_USED_EVERY_MS = 60 * 1000;

export function refuseWithoutToken(reply: FastifyReply, message = "A valid personal access token is required"): never {
  reply.header("www-authenticate", 'Bearer realm="daywise"');
  throw new AppError("unauthorized", message);
}

/**
 * Reads the access cookie (HMAC-signed session id and expiry) or a personal access token and, on
 * every request, its session or token and the user's data version in one indexed query: a logout or
 * a revoked session or token is refused at once by every instance, and the version is the one
 * signal the user-data cache needs.
 */
export const authenticatePlugin = fp<{ secret: string }>(async function authenticate(app: FastifyInstance, { secret }) {
  app.decorateRequest("userId", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("userDataVersion", null);
  app.decorateRequest("bearerToken", null);
  const sessions = sessionsRepository(app.db.kysely);
  const tokens = tokensRepository(app.db.kysely);

  async function authenticateBearer(request: FastifyRequest, reply: FastifyReply, secretToken: string): Promise<void> {
    const config = request.routeOptions.config;
    if (config.refuseBearer || routedPath(request).startsWith("/auth/")) {
      throw new AppError("forbidden", "A personal access token cannot be used here: sign in to the web app");
    }
    if (secretToken.startsWith(ACCESS_TOKEN_PREFIX)) return authenticateOauth(request, reply, secretToken);
    if (!secretToken.startsWith(TOKEN_PREFIX)) refuseWithoutToken(reply, "Invalid personal access token");
    const now = app.now();
    const found = await tokens.findBearerTokenUser(hashTokenSecret(secretToken));
    if (!found || (found.expiresAt !== null && found.expiresAt <= now.toISOString())) {
      refuseWithoutToken(reply, "Invalid, expired or revoked personal access token");
    }
    if (found.scope === "read" && !READ_METHODS.has(request.method) && !config.bearerScopeByRoute) {
      reply.header("www-authenticate", 'Bearer realm="daywise", error="insufficient_scope"');
      throw new AppError("insufficient_scope", "This token is read-only");
    }
    request.userId = found.userId;
    request.userDataVersion = found.dataVersion;
    request.bearerToken = { id: found.tokenId, scope: found.scope, kind: "personal" };
    const before = new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString();
    if (found.lastUsedAt === null || found.lastUsedAt < before) {
      // Off the answer's path: at most one conditional write a minute per token.
      tokens
        .touchLastUsed(found.tokenId, now.toISOString(), before, found.lastUsedAt === null)
        .catch((error: unknown) => request.log.warn({ err: error }, "could not record a token's last use"));
    }
  }

  // Bound to the MCP endpoint (RFC 8707): anywhere else it is no credential.
  async function authenticateOauth(request: FastifyRequest, reply: FastifyReply, secretToken: string): Promise<void> {
    const found = await app.oauth.findAccessTokenUser(secretToken);
    if (!found) refuseWithoutToken(reply, "Invalid, expired or revoked access token");
    if (routedPath(request) !== new URL(found.resource).pathname)
      refuseWithoutToken(reply, `This access token is for ${found.resource} only`);
    request.userId = found.userId;
    request.userDataVersion = found.dataVersion;
    request.bearerToken = { id: found.grantId, scope: found.scope, kind: "oauth" };
  }

  app.addHook("onRequest", async (request, reply) => {
    if (request.routeOptions.config.skipAuthentication) return;
    // With a bearer token the cookies are not read at all: the token alone decides.
    const bearer = readBearerToken(request.headers.authorization);
    if (bearer !== null) return authenticateBearer(request, reply, bearer);
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) return;
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
