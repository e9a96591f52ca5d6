import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  calendarEventsQuerySchema,
  calendarEventsResponseSchema,
  calendarFeedResponseSchema,
  calendarFeedStateSchema,
  createSubscriptionBodySchema,
  subscriptionIdParamsSchema,
  subscriptionSchema,
  subscriptionsResponseSchema,
  updateSubscriptionBodySchema,
} from "../../../shared/api/calendar.ts";
import type { Config } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import type { UserDataGroup } from "../../plugins/user-data-cache.ts";
import { calendarService } from "./calendar.service.ts";

const okSchema = z.object({ ok: z.literal(true) });
const emptyBodySchema = z.object({}).strict();

export interface CalendarRoutesOptions {
  config: Pick<Config, "publicUrl" | "sessionSecret" | "calendar">;
}

/** Each day's events, kept until the user's data version moves (a calendar read again raises it). */
const CALENDAR_EVENTS_CACHE: UserDataGroup = { name: "calendar-events", max: 100 };

/** Subscriptions, events and the feed's address under /api; the feed itself at /calendar/{secret}.ics, without a session. */
export const calendarRoutes: FastifyPluginAsyncZod<CalendarRoutesOptions> = async (app, { config }) => {
  const calendars = calendarService({
    kysely: app.db.kysely,
    now: () => app.now(),
    allowPrivateUrls: config.calendar.allowPrivateUrls,
    publicUrl: config.publicUrl,
    feedKey: config.sessionSecret,
    fetchTimeoutMs: config.calendar.fetchTimeoutMs,
  });

  app.get("/api/calendar/subscriptions", { schema: { response: { 200: subscriptionsResponseSchema } } }, async (request) =>
    calendars.listSubscriptions(requireUserId(request)),
  );

  app.post(
    "/api/calendar/subscriptions",
    { schema: { body: createSubscriptionBodySchema, response: { 201: subscriptionSchema } } },
    async (request, reply) => reply.status(201).send(await calendars.subscribe(requireUserId(request), request.body)),
  );

  app.patch(
    "/api/calendar/subscriptions/:id",
    { schema: { params: subscriptionIdParamsSchema, body: updateSubscriptionBodySchema, response: { 200: subscriptionSchema } } },
    async (request) => calendars.updateSubscription(requireUserId(request), request.params.id, request.body),
  );

  // Reads the calendar at once and takes it out of its pause; the answer shows how the read went.
  app.post(
    "/api/calendar/subscriptions/:id/retry",
    { schema: { params: subscriptionIdParamsSchema, body: emptyBodySchema.nullish(), response: { 200: subscriptionSchema } } },
    async (request) => calendars.retry(requireUserId(request), request.params.id),
  );

  app.delete(
    "/api/calendar/subscriptions/:id",
    { schema: { params: subscriptionIdParamsSchema, response: { 200: okSchema } } },
    async (request) => {
      await calendars.deleteSubscription(requireUserId(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    "/api/calendar/events",
    { schema: { querystring: calendarEventsQuerySchema, response: { 200: calendarEventsResponseSchema } } },
    async (request, reply) => {
      const { date, from, to } = request.query;
      // The whole query: a date given with a range must still be refused, not answered from a kept day.
      const key = `${date ?? ""}:${from ?? ""}:${to ?? ""}`;
      return reply.sendUserData(key, () => calendars.listEvents(requireUserId(request), request.query), CALENDAR_EVENTS_CACHE);
    },
  );

  app.get("/api/calendar/feed", { schema: { response: { 200: calendarFeedStateSchema } } }, async (request) =>
    calendars.getFeed(requireUserId(request)),
  );

  // No body needed (Fastify: null), as curl -X POST and a bodiless fetch send it; one given must be empty.
  app.post(
    "/api/calendar/feed",
    { schema: { body: emptyBodySchema.nullish(), response: { 200: calendarFeedResponseSchema } } },
    async (request) => calendars.createFeed(requireUserId(request)),
  );

  app.delete("/api/calendar/feed", { schema: { response: { 200: okSchema } } }, async (request) => {
    await calendars.revokeFeed(requireUserId(request));
    return { ok: true as const };
  });

  // The secret in the path is the only credential: calendar apps send no cookie.
  app.get(
    "/calendar/:file",
    { config: { skipAuthentication: true }, schema: { params: z.object({ file: z.string().max(100) }) } },
    async (request, reply) => {
      const secret = request.params.file.replace(/\.ics$/, "");
      const { etag, body } = await calendars.readFeed(secret, request.headers["if-none-match"]);
      reply.header("etag", etag).header("cache-control", "private, no-cache").header("x-robots-tag", "noindex");
      if (body === null) return reply.status(304).send();
      return reply.type("text/calendar; charset=utf-8").send(body);
    },
  );
};
