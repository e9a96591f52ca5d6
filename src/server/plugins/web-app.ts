import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";
import { clientRoutes } from "../../shared/routes.ts";

/**
 * Serves the built web app (dist/web) with history fallback for the client routes. Unknown /api
 * paths stay JSON 404s; other unknown paths get the app with status 404 so it can say so.
 */
export const webAppPlugin = fp<{ root: string }>(async function webApp(app: FastifyInstance, { root }) {
  const hasWebApp = existsSync(path.join(root, "index.html"));
  const notFoundBody = (method: string, pathname: string) => ({
    message: `Route ${method} ${pathname} not found`,
    code: "not_found",
  });
  if (!hasWebApp) {
    app.log.info({ root }, "no built web app: API only (run `npm run build`, or `npm run dev` for development)");
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(notFoundBody(request.method, request.url.split("?")[0] ?? ""));
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each asset (vite.config.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(root, "assets") + path.sep);
      res.setHeader("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const sendIndex = (reply: FastifyReply, status = 200) =>
    reply.status(status).header("Cache-Control", "no-cache").sendFile("index.html");

  for (const route of clientRoutes) {
    app.get(route, (_request, reply) => sendIndex(reply));
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const wantsHtml = request.method === "GET" && (request.headers.accept ?? "").includes("text/html");
    if (wantsHtml && !pathname.startsWith("/api/") && !pathname.startsWith("/auth/")) {
      return sendIndex(reply, 404);
    }
    return reply.status(404).send(notFoundBody(request.method, pathname));
  });
});
