import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";

const statusSchema = z.object({ status: z.string() });

/** Liveness (the process answers) and readiness (the database answers). */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/healthz", { schema: { response: { 200: statusSchema } } }, async () => ({ status: "ok" }));

  app.get("/readyz", { schema: { response: { 200: statusSchema, 503: statusSchema } } }, async (request, reply) => {
    try {
      await app.db.ping();
      return { status: "ready" };
    } catch (error) {
      request.log.error({ err: error }, "database not reachable");
      return reply.status(503).send({ status: "database unreachable" });
    }
  });
};
