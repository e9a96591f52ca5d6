import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createGoalRequestSchema,
  deleteGoalResponseSchema,
  goalIdParamsSchema,
  goalListResponseSchema,
  goalSchema,
  updateGoalBodySchema,
} from "../../../shared/api/goals.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { goalsService } from "./goals.service.ts";

export const goalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const goals = goalsService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  // Signed-out callers get 401 before their body or params are validated.
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/goals", { schema: { response: { 200: goalListResponseSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    return reply.sendUserData("goals", () => goals.listGoals(userId));
  });

  app.post("/api/goals", { schema: { body: createGoalRequestSchema, response: { 201: goalSchema } } }, async (request, reply) => {
    const goal = await goals.createGoal(requireUserId(request), request.body);
    return reply.status(201).send(goal);
  });

  app.put(
    "/api/goals/:id",
    { schema: { params: goalIdParamsSchema, body: updateGoalBodySchema, response: { 200: goalSchema } } },
    async (request) => goals.updateGoal(requireUserId(request), request.params.id, request.body),
  );

  app.delete("/api/goals/:id", { schema: { params: goalIdParamsSchema, response: { 200: deleteGoalResponseSchema } } }, async (request) => {
    await goals.deleteGoal(requireUserId(request), request.params.id);
    return { ok: true as const };
  });
};
