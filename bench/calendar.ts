// Calendars' budgets (docs/decisions/035): a day's events from 3 calendars of 2,000 events each, and the feed of
// 1,000 tasks, fresh and as a conditional GET answering 304.
import { randomUUID } from "node:crypto";
import { calendarRepository } from "../src/server/modules/calendar/calendar.repository.ts";
import { calendarService } from "../src/server/modules/calendar/calendar.service.ts";
import type { ExpandedEvent } from "../src/server/modules/calendar/ics-parse.ts";
import type { BenchContext, Scenario } from "./scenarios.ts";
import { addDays, formatDay, seedSignedInUser, seedTasks } from "./seed.ts";

const CALENDARS = 3;
const EVENTS_PER_CALENDAR = 2_000;
const FEED_TASKS = 1_000;

/** 2,000 events over the expansion window (90 days back, 365 ahead): about five a day, an all-day one in ten. */
function events(today: string): ExpandedEvent[] {
  return Array.from({ length: EVENTS_PER_CALENDAR }, (_, i) => {
    const day = addDays(today, -90 + Math.floor((i * 455) / EVENTS_PER_CALENDAR));
    if (i % 10 === 0) {
      const next = addDays(day, 1);
      return {
        id: `e${i}`,
        title: `Holiday ${i}`,
        allDay: true,
        busy: true,
        startsAt: day,
        endsAt: next,
        rangeStart: `${addDays(day, -1)}T10:00:00.000Z`,
        rangeEnd: `${next}T14:00:00.000Z`,
      };
    }
    const start = `${day}T${String(8 + (i % 9)).padStart(2, "0")}:00:00.000Z`;
    const end = `${day}T${String(9 + (i % 9)).padStart(2, "0")}:00:00.000Z`;
    return {
      id: `e${i}`,
      title: `Meeting ${i}`,
      allDay: false,
      busy: i % 7 !== 0,
      startsAt: start,
      endsAt: end,
      rangeStart: start,
      rangeEnd: end,
    };
  });
}

async function seedCalendars(ctx: BenchContext) {
  const session = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Calendar reader", timeZone: "Europe/Berlin" });
  const repository = calendarRepository(ctx.db.kysely);
  const today = formatDay(ctx.now);
  for (let n = 0; n < CALENDARS; n++) {
    const id = randomUUID();
    const at = ctx.now.toISOString();
    await repository.insertSubscription(session.userId, CALENDARS, () => ({
      id,
      name: `Calendar ${n + 1}`,
      url: `https://calendar.example.test/${id}.ics`,
      colour: "#4f46e5",
      enabled: 1,
      lastSuccessAt: null,
      lastError: null,
      lastErrorAt: null,
      contentHash: null,
      expandedOn: null,
      nextFetchAt: "9999-12-31T00:00:00.000Z",
      createdAt: at,
      updatedAt: at,
    }));
    const stored = events(today);
    await repository.storeEvents(session.userId, id, stored, {
      contentHash: "bench",
      expandedOn: today,
      lastSuccessAt: at,
      eventCount: stored.length,
    });
  }
  return { headers: session.headers, today };
}

async function seedFeed(ctx: BenchContext) {
  const session = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Feed owner", timeZone: "Europe/Berlin" });
  const today = formatDay(ctx.now);
  await seedTasks(ctx.db, session.userId, ctx.now, { count: FEED_TASKS, firstDay: addDays(today, -30), days: 210, today });
  const calendars = calendarService({
    kysely: ctx.db.kysely,
    now: () => ctx.now,
    allowPrivateUrls: false,
    publicUrl: ctx.baseUrl,
    feedKey: ctx.secret,
  });
  const { url } = await calendars.createFeed(session.userId);
  const etag = (await fetch(url)).headers.get("etag") ?? "";
  return { path: new URL(url).pathname, etag };
}

export const calendarScenarios: Scenario[] = [
  {
    name: "GET /api/calendar/events?date=",
    path: "/api/calendar/events",
    setup: async (ctx) => {
      const { headers, today } = await ctx.once("calendar-events", () => seedCalendars(ctx));
      let day = 0;
      return {
        headers,
        nextRequest: () => ({ path: `/api/calendar/events?date=${addDays(today, day++ % 30)}` }),
        note: "3 calendars of 2,000 events each, one of 30 days per request",
      };
    },
    budget: { p99VsBaseline: 25 },
  },
  {
    name: "GET /calendar/{secret}.ics",
    path: "/calendar/feed.ics",
    setup: async (ctx) => {
      const { path } = await ctx.once("calendar-feed", () => seedFeed(ctx));
      return { nextRequest: () => ({ path }), note: "1,000 dated tasks in the feed's window" };
    },
    // Calendar apps poll a feed one request at a time, every few minutes.
    connections: 5,
    budget: { p99Ms: 200 },
  },
  {
    name: "GET /calendar/{secret}.ics (304)",
    path: "/calendar/feed.ics",
    setup: async (ctx) => {
      const { path, etag } = await ctx.once("calendar-feed", () => seedFeed(ctx));
      return { headers: { "if-none-match": etag }, nextRequest: () => ({ path }), note: "If-None-Match with the feed's ETag" };
    },
    connections: 5,
    status: 304,
    budget: { p99Ms: 50 },
  },
];
