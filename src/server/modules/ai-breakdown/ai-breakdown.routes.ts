import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  breakdownGoalBodySchema,
  breakdownGoalResponseSchema,
  breakdownIdParamsSchema,
  createBreakdownTasksBodySchema,
  createBreakdownTasksResponseSchema,
} from "../../../shared/api/ai-breakdown.ts";
import type { AiConfig } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { clientGoneSignal } from "../ai-models/client-gone.ts";
import { aiBreakdownService } from "./ai-breakdown.service.ts";

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
};
