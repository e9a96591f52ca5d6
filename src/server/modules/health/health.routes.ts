import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

import { DATABASE_RETRY_AFTER_SECONDS } from "../../plugins/errors.ts";

const statusSchema = z.object({ status: z.string() });
const unavailableSchema = z.object({ status: z.string(), message: z.string(), code: z.string() });

// Neither reads the session, so a signed-in browser's cookie does not make them depend on the database.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = { skipAuthentication: true };
  app.get("/healthz", { config, schema: { response: { 200: statusSchema } } }, async () => ({ status: "ok" }));

  app.get("/readyz", { config, schema: { response: { 200: statusSchema, 503: unavailableSchema } } }, async (request, reply) => {
    try {
      await app.db.ping();
      return { status: "ready" };
    } catch (error) {
      request.log.warn({ err: error }, "database not reachable");
      return reply
        .status(503)
        .header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS))
        .send({ status: "database unreachable", message: "The database cannot be reached", code: "database_unavailable" });
    }
  });
};
