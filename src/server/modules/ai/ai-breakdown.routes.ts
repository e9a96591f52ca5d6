import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  acceptanceRateResponseSchema,
  analyticsQuerySchema,
  breakdownGoalBodySchema,
  breakdownGoalResponseSchema,
  breakdownIdParamsSchema,
  createBreakdownTasksBodySchema,
  createBreakdownTasksResponseSchema,
  planningHistoryResponseSchema,
} from "../../../shared/api/ai-breakdown.ts";
import type { AiConfig } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { aiBreakdownService } from "./ai-breakdown.service.ts";
import { clientGoneSignal } from "./client-gone.ts";

/**
 * Spec section 7: POST /api/ai/breakdown-goal, GET /api/ai/analytics/acceptance-rate and
 * GET /api/ai/planning/history; and POST /api/ai/breakdowns/{id}/tasks, which creates a
 * breakdown's chosen suggestions in one transaction (docs/decisions/009).
 */
export const aiBreakdownRoutes: FastifyPluginAsyncZod<{ config: AiConfig }> = async (app, { config }) => {
  const breakdowns = aiBreakdownService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now(), config });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.post(
    "/api/ai/breakdown-goal",
    { schema: { body: breakdownGoalBodySchema, response: { 200: breakdownGoalResponseSchema } } },
    async (request, reply) => breakdowns.breakdownGoal(requireUserId(request), request.body, clientGoneSignal(reply)),
  );

  app.post(
    "/api/ai/breakdowns/:id/tasks",
    {
      schema: {
        params: breakdownIdParamsSchema,
        body: createBreakdownTasksBodySchema,
        response: { 201: createBreakdownTasksResponseSchema },
      },
    },
    async (request, reply) => {
      const created = await breakdowns.createBreakdownTasks(requireUserId(request), request.params.id, request.body);
      return reply.status(201).send(created);
    },
  );

  app.get(
    "/api/ai/analytics/acceptance-rate",
    { schema: { querystring: analyticsQuerySchema, response: { 200: acceptanceRateResponseSchema } } },
    async (request) => breakdowns.acceptanceRate(requireUserId(request), request.query.days),
  );

  app.get(
    "/api/ai/planning/history",
    { schema: { querystring: analyticsQuerySchema, response: { 200: planningHistoryResponseSchema } } },
    async (request) => breakdowns.planningHistory(requireUserId(request), request.query.days),
  );
};
