import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { dayPlanBodySchema, dayPlanResponseSchema } from "../../../shared/api/day-plan.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { dayPlanService } from "./day-plan.service.ts";

/** POST /api/day-plan: a proposed schedule for the day, applied and undone through the proposals routes. */
export const dayPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const dayPlans = dayPlanService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  app.post("/api/day-plan", { schema: { body: dayPlanBodySchema, response: { 200: dayPlanResponseSchema } } }, async (request) =>
    dayPlans.planDay(requireUserId(request), request.body.date),
  );
};
