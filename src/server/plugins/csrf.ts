import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../app-error.ts";
import { CSRF_HEADER, isValidCsrfToken } from "../modules/auth/session-tokens.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * How a route's CSRF token is bound when it has no access cookie session
     * (e.g. the refresh call binds it to the refresh token's session). Default: the access session.
     */
    csrfSessionFrom?: "access" | "none";
  }
}

/**
 * Runs in onRequest (after authenticate), before body parsing and validation, so a forged request
 * is refused with 403 whatever its body. Every POST, PUT, PATCH and DELETE must echo the session-bound csrfToken cookie in X-CSRF-Token,
 * and must not come from another site.
 */
export const csrfPlugin = fp<{ secret: string; publicUrl: string }>(async function csrf(app: FastifyInstance, { secret, publicUrl }) {
  const ownOrigin = new URL(publicUrl).origin;
  app.addHook("onRequest", async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    if ((origin && origin !== ownOrigin && origin !== "null") || fetchSite === "cross-site") {
      throw new AppError("forbidden", "Cross-site request refused");
    }
    if (request.routeOptions.config.csrfSessionFrom === "none") return;
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError("forbidden", "Missing CSRF token: send the csrfToken cookie's value in X-CSRF-Token");
    if (!request.sessionId || !isValidCsrfToken(secret, request.sessionId, token)) {
      throw new AppError("forbidden", "Invalid CSRF token: reload the page and try again");
    }
  });
});
