import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../app-error.ts";
import { CSRF_HEADER, isValidCsrfToken, readRefreshToken, REFRESH_COOKIE } from "../modules/auth/session-tokens.ts";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

declare module "fastify" {
  interface FastifyContextConfig {
    /** "refresh": POST /auth/refresh, whose access cookie may have expired; "none": the built-in provider's pages. */
    csrfSessionFrom?: "access" | "refresh" | "access-or-refresh" | "none";
    /** The route reads no cookie (OAuth's token and registration endpoints): any site may call it. */
    anyOrigin?: boolean;
  }
}

// In onRequest, before body parsing, so a forged request is refused whatever its body. A token without any
// session is a 401, so that the page refreshes its session and repeats the call.
export const csrfPlugin = fp<{ secret: string; publicUrl: string }>(async function csrf(app: FastifyInstance, { secret, publicUrl }) {
  const ownOrigin = new URL(publicUrl).origin;

  const sessionOfRefreshCookie = (request: FastifyRequest) => readRefreshToken(secret, request.cookies[REFRESH_COOKIE]);

  app.addHook("onRequest", async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.anyOrigin) return;
    const origin = request.headers.origin;
    const fetchSite = request.headers["sec-fetch-site"];
    // "null" is what browsers send for same-origin form posts under Referrer-Policy: no-referrer;
    // a sandboxed cross-site frame also sends it, but then Sec-Fetch-Site says cross-site.
    if ((origin && origin !== ownOrigin && origin !== "null") || fetchSite === "cross-site") {
      throw new AppError("forbidden", "Cross-site request refused");
    }
    // A bearer token is sent only by a client that holds it, never attached by a browser on its own.
    if (request.bearerToken) return;
    const bindTo = request.routeOptions.config.csrfSessionFrom ?? "access";
    if (bindTo === "none") return;
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    if (!token) throw new AppError("forbidden", "Missing CSRF token: send the csrfToken cookie's value in X-CSRF-Token");
    const sessionId =
      bindTo === "access"
        ? request.sessionId
        : bindTo === "refresh"
          ? sessionOfRefreshCookie(request)
          : (request.sessionId ?? sessionOfRefreshCookie(request));
    if (!sessionId) throw new AppError("unauthorized", "Not signed in");
    if (!isValidCsrfToken(secret, sessionId, token)) {
      throw new AppError("forbidden", "Invalid CSRF token: reload the page and try again");
    }
  });
});
