import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Security headers. Scripts may come only from our own origin (the built app has no inline script);
 * styles allow inline attributes because the UI primitives position popovers with style tags.
 */
export const securityPlugin = fp<{ isHttps: boolean }>(async function security(app: FastifyInstance, { isHttps }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(isHttps ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Avatars are loaded from the identity provider's image host.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isHttps,
  });
});
