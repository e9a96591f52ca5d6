import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import helmet, { type HelmetOptions } from "helmet";
import { THEME_SCRIPT } from "../../shared/theme-script.ts";
import { routedPath } from "./routed-path.ts";

export function themeScriptSource(): string {
  return `'sha256-${createHash("sha256").update(THEME_SCRIPT, "utf8").digest("base64")}'`;
}

const GOOGLE_AVATAR_ORIGIN = "https://lh3.googleusercontent.com";

export function avatarOriginsOf(auth: { google?: unknown; oidc?: { issuer: string } }): string[] {
  return [...(auth.google ? [GOOGLE_AVATAR_ORIGIN] : []), ...(auth.oidc ? [new URL(auth.oidc.issuer).origin] : [])];
}

// Styles allow inline attributes because the UI primitives position popovers with style tags.
export function securityHeaderOptions(isHttps: boolean, avatarOrigins: readonly string[] = []): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", themeScriptSource()],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // An image address named by injected content could carry data out: only ours and the providers' avatars.
        imgSrc: ["'self'", ...avatarOrigins],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
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

// Computed once: helmet re-parses its whole policy on every call.
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

// API and session answers are a user's own data, never kept by the browser or a proxy.
export const securityPlugin = fp<{ isHttps: boolean; avatarOrigins: readonly string[] }>(async function security(
  app: FastifyInstance,
  { isHttps, avatarOrigins },
) {
  const headers = securityHeaders(securityHeaderOptions(isHttps, avatarOrigins));
  const apiHeaders = { ...headers, "cache-control": "no-store" };
  app.addHook("onRequest", (request, reply, done) => {
    reply.headers(/^\/(api|auth)\//.test(routedPath(request)) ? apiHeaders : headers);
    done();
  });
});
