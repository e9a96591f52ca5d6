import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { THEME_SCRIPT } from "../../shared/theme-script.ts";

/** The CSP source that lets index.html's theme script, and no other inline script, run (decision 017). */
export function themeScriptSource(): string {
  return `'sha256-${createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64")}'`;
}

const GOOGLE_AVATAR_ORIGIN = "https://lh3.googleusercontent.com";

/** Where the configured sign-in providers serve the avatar pictures their claims name. */
export function avatarOriginsOf(auth: { google?: unknown; oidc?: { issuer: string } }): string[] {
  return [...(auth.google ? [GOOGLE_AVATAR_ORIGIN] : []), ...(auth.oidc ? [new URL(auth.oidc.issuer).origin] : [])];
}

/**
 * Security headers, as helmet writes them. Scripts may come only from our own origin, but for the
 * built app's one inline script, the theme's first paint, allowed by its hash; styles allow inline
 * attributes because the UI primitives position popovers with style tags.
 */
export function securityHeaderOptions(isHttps: boolean, avatarOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", themeScriptSource()],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Our own images and the sign-in providers' avatar pictures only: an image address is a
        // request the page makes by itself, so one named by injected content could carry data out.
        imgSrc: ["'self'", ...avatarOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        // The service worker (/sw.js) and the web app manifest, both from our own origin (decision 018).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // No cross-origin isolation: the avatar comes from the provider's image host.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isHttps,
  };
}

/**
 * helmet's headers for these options, computed once: they depend on the options only, and helmet
 * re-parses its whole policy on every call (a visible share of a short request's time).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let finished = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    finished = true;
  });
  // helmet calls back synchronously; anything else would mean headers we did not capture.
  if (!finished) throw new Error("helmet did not finish synchronously");
  return headers;
}

/**
 * Every reply (API, web app, sign-in pages) carries the same security headers; API answers are a
 * user's own data, never kept by the browser or a proxy.
 */
export const securityPlugin = fp<{ isHttps: boolean; avatarOrigins: readonly string[] }>(async function security(
  app: FastifyInstance,
  { isHttps, avatarOrigins },
) {
  const headers = securityHeaders(securityHeaderOptions(isHttps, avatarOrigins));
  const apiHeaders = { ...headers, "cache-control": "no-store" };
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(request.url.startsWith("/api/") ? apiHeaders : headers);
    done();
  });
});
