import { z } from "zod";
import { calendarDateSchema } from "./tasks.ts";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export const CALENDAR_COLOURS = ["#4f46e5", "#0891b2", "#16a34a", "#ca8a04", "#dc2626", "#db2777", "#7c3aed", "#475569"] as const;
export const MAX_CALENDAR_SUBSCRIPTIONS = 20;
/** Failed reads in a row after which a calendar is read again only when the user retries. */
export const MAX_CONSECUTIVE_FAILURES = 3;
export const CALENDAR_URL_MAX_LENGTH = 2000;
export const CALENDAR_NAME_MAX_LENGTH = 100;
/** The range form of GET /api/calendar/events: six weeks, a month view's. */
export const CALENDAR_EVENTS_MAX_DAYS = 42;

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: "must not be empty" })
  .max(CALENDAR_NAME_MAX_LENGTH, { error: `must be at most ${CALENDAR_NAME_MAX_LENGTH} characters` })
  .refine(hasNoNul, { error: NUL_MESSAGE });

export const createSubscriptionBodySchema = z
  .object({
    url: z
      .string()
      .trim()
      .min(1, { error: "must be a calendar address" })
      .max(CALENDAR_URL_MAX_LENGTH, { error: `must be at most ${CALENDAR_URL_MAX_LENGTH} characters` })
      .refine(hasNoNul, { error: NUL_MESSAGE }),
    name: nameSchema.optional(),
  })
  .strict();
export type CreateSubscriptionBody = z.infer<typeof createSubscriptionBodySchema>;

export const updateSubscriptionBodySchema = z
  .object({
    name: nameSchema.optional(),
    colour: z
      .string()
      .regex(/^#[0-9a-f]{6}$/i, { error: "must be a colour #rrggbb" })
      .optional(),
    enabled: z.boolean().optional(),
  })
  .strict();
export type UpdateSubscriptionBody = z.infer<typeof updateSubscriptionBodySchema>;

export const subscriptionIdParamsSchema = z.object({ id: idSchema });

export const subscriptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Shortened: the whole address is a secret and never answered. */
  url: z.string(),
  colour: z.string(),
  enabled: z.boolean(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  eventCount: z.number(),
  /** Failed reads in a row: each doubles the wait before the next; MAX_CONSECUTIVE_FAILURES pause the calendar. */
  failureCount: z.number(),
  paused: z.boolean(),
  createdAt: z.string(),
});
export type CalendarSubscription = z.infer<typeof subscriptionSchema>;

export const subscriptionsResponseSchema = z.array(subscriptionSchema);

export const calendarEventsQuerySchema = z
  .object({ date: calendarDateSchema.optional(), from: calendarDateSchema.optional(), to: calendarDateSchema.optional() })
  .strict();

/** start/end: ISO date-times with the user's offset, or days (end exclusive) for all-day events. */
export const calendarEventSchema = z.object({
  id: z.string(),
  calendarId: z.string(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  allDay: z.boolean(),
  busy: z.boolean(),
});
export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const calendarEventsResponseSchema = z.array(calendarEventSchema);

export const calendarFeedResponseSchema = z.object({ url: z.string() });
/** GET: the feed's address, or null when the user has none. */
export const calendarFeedStateSchema = z.object({ url: z.string().nullable() });
export type CalendarFeedState = z.infer<typeof calendarFeedStateSchema>;
