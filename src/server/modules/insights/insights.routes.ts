import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  dailyInsightsQuerySchema,
  dailyInsightsResponseSchema,
  dailyInsightsViewedParamsSchema,
  generateWeeklySummaryBodySchema,
  weeklySummariesQuerySchema,
  weeklySummaryListSchema,
  weeklySummaryParamsSchema,
  weeklySummarySchema,
} from "../../../shared/api/insights.ts";
import type { AiConfig } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import type { UserDataGroup } from "../../plugins/user-data-cache.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { usersService } from "../user/user.service.ts";
import { insightsService } from "./insights.service.ts";

const DAILY_INSIGHTS_CACHE: UserDataGroup = { name: "daily-insights", max: 100 };

export const insightsRoutes: FastifyPluginAsyncZod<{ config: AiConfig }> = async (app, { config }) => {
  const recurrence = recurrenceService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  const insights = insightsService({
    kysely: app.db.kysely,
    dialect: app.db.dialect,
    now: () => app.now(),
    ai: config,
    log: app.log,
    recurrence,
  });
  const users = usersService({ kysely: app.db.kysely, now: () => app.now() });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  // Kept per day while the user's data version is unchanged: every change of a day's answer raises it (decision 010).
  app.get(
    "/api/ai/insights",
    { schema: { querystring: dailyInsightsQuerySchema, response: { 200: dailyInsightsResponseSchema } } },
    async (request, reply) => {
      const userId = requireUserId(request);
      const day = request.query.date ?? (await users.userToday(userId));
      // A GET another site can start (a link, with SameSite=Lax cookies) never spends a model call.
      const site = request.headers["sec-fetch-site"];
      const mayCallModel = site === undefined || site === "same-origin" || site === "none";
      return reply.sendUserData(day, () => insights.getDailyInsights(userId, day, { mayCallModel }), DAILY_INSIGHTS_CACHE);
    },
  );

  app.patch(
    "/api/ai/insights/:date/viewed",
    { schema: { params: dailyInsightsViewedParamsSchema, response: { 200: dailyInsightsResponseSchema } } },
    async (request) => insights.markDailyInsightsViewed(requireUserId(request), request.params.date),
  );

  app.get(
    "/api/weekly-summaries",
    { schema: { querystring: weeklySummariesQuerySchema, response: { 200: weeklySummaryListSchema } } },
    async (request) => insights.listWeeklySummaries(requireUserId(request), request.query.limit),
  );

  app.post(
    "/api/weekly-summaries/generate",
    { schema: { body: generateWeeklySummaryBodySchema, response: { 200: weeklySummarySchema } } },
    async (request) => insights.generateCurrentWeek(requireUserId(request)),
  );

  app.patch(
    "/api/weekly-summaries/:id/viewed",
    { schema: { params: weeklySummaryParamsSchema, response: { 200: weeklySummarySchema } } },
    async (request) => insights.markWeeklySummaryViewed(requireUserId(request), request.params.id),
  );
};
