// Issue 52's budget: POST /api/day-plan for a day of 40 tasks and 12 meetings answers within 3x the day
// read's p99 measured in the same run, on each database.
import { randomUUID } from "node:crypto";
import { calendarRepository } from "../src/server/modules/calendar/calendar.repository.ts";
import type { BenchContext, Scenario } from "./scenarios.ts";
import { addDays, formatDay, seedSignedInUser, seedTasks } from "./seed.ts";

const TASKS = 40;
const MEETINGS = 12;

async function seedPlannedDay(ctx: BenchContext) {
  const session = await seedSignedInUser(ctx.db, ctx.secret, ctx.now, { name: "Day planner" });
  // Tomorrow: no 'now' cuts the day, so the whole working day is planned.
  const day = addDays(formatDay(ctx.now), 1);
  await seedTasks(ctx.db, session.userId, ctx.now, { count: TASKS, firstDay: day, days: 1, today: formatDay(ctx.now) });
  const id = randomUUID();
  const at = ctx.now.toISOString();
  const repository = calendarRepository(ctx.db.kysely);
  await repository.insertSubscription(session.userId, 1, () => ({
    ...{ id, name: "Work", url: `https://calendar.example.test/${id}.ics`, colour: "#4f46e5", enabled: 1 },
    ...{ lastSuccessAt: null, lastError: null, lastErrorAt: null, contentHash: null, expandedOn: null },
    ...{ nextFetchAt: "9999-12-31T00:00:00.000Z", createdAt: at, updatedAt: at },
  }));
  // Twelve 25-minute meetings from 07:00, one every 50 minutes, most of them inside the working day.
  const meetings = Array.from({ length: MEETINGS }, (_, i) => {
    const start = new Date(Date.parse(`${day}T07:00:00.000Z`) + i * 50 * 60_000);
    const end = new Date(start.getTime() + 25 * 60_000);
    return {
      ...{ id: `m${i}`, title: `Meeting ${i + 1}`, allDay: false, busy: i % 6 !== 5 },
      ...{ startsAt: start.toISOString(), endsAt: end.toISOString(), rangeStart: start.toISOString(), rangeEnd: end.toISOString() },
    };
  });
  await repository.storeEvents(session.userId, id, meetings, {
    contentHash: "bench",
    expandedOn: day,
    lastSuccessAt: at,
    eventCount: meetings.length,
  });
  return { headers: session.headers, day };
}

export const DAY_READ_SCENARIO = "GET /api/tasks?date= (10k tasks)";

export const dayPlanScenarios: Scenario[] = [
  {
    name: `POST /api/day-plan (${TASKS} tasks, ${MEETINGS} meetings)`,
    method: "POST",
    path: "/api/day-plan",
    body: {},
    setup: async (ctx) => {
      const { headers, day } = await seedPlannedDay(ctx);
      return {
        headers,
        nextRequest: () => ({ body: JSON.stringify({ date: day }) }),
        note: `one day of ${TASKS} tasks (a third timed by hand) and ${MEETINGS} meetings, planned again each request (the same open proposal answered), at 5 connections`,
      };
    },
    // One person presses the button, or an assistant calls the tool: a few at once, as get_day's MCP row.
    connections: 5,
    budget: { p99VsScenario: { name: DAY_READ_SCENARIO, times: 3 } },
  },
];
