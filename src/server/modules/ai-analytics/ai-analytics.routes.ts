import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { acceptanceRateResponseSchema, analyticsQuerySchema, planningHistoryResponseSchema } from "../../../shared/api/ai-breakdown.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { aiAnalyticsService } from "./ai-analytics.service.ts";

export const aiAnalyticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const analytics = aiAnalyticsService({ kysely: app.db.kysely, now: () => app.now() });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get(
    "/api/ai/analytics/acceptance-rate",
    { schema: { querystring: analyticsQuerySchema, response: { 200: acceptanceRateResponseSchema } } },
    async (request) => analytics.acceptanceRate(requireUserId(request), request.query.days),
  );

  app.get(
    "/api/ai/planning/history",
    { schema: { querystring: analyticsQuerySchema, response: { 200: planningHistoryResponseSchema } } },
    async (request) => analytics.planningHistory(requireUserId(request), request.query.days),
  );
};
