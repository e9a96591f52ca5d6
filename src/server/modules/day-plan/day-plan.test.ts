// POST /api/day-plan on both databases: a proposal that writes nothing, applied and undone through the
// proposals routes, around the day's meetings and timed tasks, and only ever the asking user's tasks.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Proposal } from "../../../shared/api/ai-proposals.ts";
import type { DayPlanResponse } from "../../../shared/api/day-plan.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const T0 = new Date("2026-05-04T09:00:00.000Z");
const TOMORROW = "2026-05-05";

describeEachDatabase("POST /api/day-plan", (dialect) => {
  let t: TestApp;
  let ada: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = T0;
    ada = await signInTestUser(t.app, { name: "Ada", timeZone: "UTC" });
  });

  async function createTask(user: SignedInUser, payload: Record<string, unknown>): Promise<Task> {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: user.mutatingHeaders, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function plan(user: SignedInUser, date: string): Promise<DayPlanResponse> {
    const response = await t.app.inject({ method: "POST", url: "/api/day-plan", headers: user.mutatingHeaders, payload: { date } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  const startTimes = async (user: SignedInUser, date: string) =>
    Object.fromEntries(
      ((await t.app.inject({ url: `/api/tasks?date=${date}`, headers: user.headers })).json() as Task[]).map((task) => [
        task.title,
        task.scheduledStartTime,
      ]),
    );

  async function addMeeting(user: SignedInUser, start: string, end: string, busy = true): Promise<void> {
    const at = T0.toISOString();
    const subscriptionId = crypto.randomUUID();
    await t.db.kysely
      .insertInto("calendarSubscriptions")
      .values({
        ...{ id: subscriptionId, userId: user.userId, name: "Work", url: "https://cal.test/w.ics", colour: "#2563eb", enabled: 1 },
        ...{ lastSuccessAt: at, lastError: null, lastErrorAt: null, contentHash: null, expandedOn: null },
        ...{ nextFetchAt: at, createdAt: at, updatedAt: at },
      })
      .execute();
    await t.db.kysely
      .insertInto("calendarEvents")
      .values({
        ...{ subscriptionId, userId: user.userId, id: crypto.randomUUID(), title: "Meeting", allDay: 0, busy: busy ? 1 : 0 },
        ...{ rangeStart: `${TOMORROW}T00:00:00.000Z`, rangeEnd: `${TOMORROW}T23:59:00.000Z` },
        ...{ startsAt: `${TOMORROW}T${start}:00.000Z`, endsAt: `${TOMORROW}T${end}:00.000Z` },
      })
      .execute();
  }

  it("proposes start times around meetings and timed tasks, writes nothing, and proposes the same again", async () => {
    await addMeeting(ada, "09:00", "10:00");
    await addMeeting(ada, "10:30", "11:00", false);
    await createTask(ada, { title: "Standup notes", date: TOMORROW, scheduledStartTime: "10:05", estimatedDuration: 25 });
    await createTask(ada, { title: "Write report", date: TOMORROW, estimatedDuration: 90 });
    await createTask(ada, { title: "Email", date: TOMORROW, estimatedDuration: 15 });
    const done = await createTask(ada, { title: "Done already", date: TOMORROW, estimatedDuration: 30 });
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${done.id}`, headers: ada.mutatingHeaders, payload: { status: "done" } });

    const first = await plan(ada, TOMORROW);
    expect(first.unplaced).toEqual([]);
    expect(first.proposal).toMatchObject({ tool: "plan_day", status: "open" });
    // 09:00-10:00 busy plus 5 minutes, 10:05-10:30 timed; the free event does not block.
    const after = Object.fromEntries(first.proposal!.changes.map((change) => [change.before!.title, change.after!.scheduledStartTime]));
    expect(after).toEqual({ "Write report": "10:30", Email: "12:00" });
    expect(first.proposal!.changes.every((change) => change.kind === "updateTask" && change.before!.scheduledStartTime === null)).toBe(
      true,
    );
    expect(await startTimes(ada, TOMORROW)).toEqual({ "Standup notes": "10:05", "Write report": null, Email: null, "Done already": null });

    const again = await plan(ada, TOMORROW);
    expect(again.proposal!.id).toBe(first.proposal!.id);
  });

  it("is applied and undone through the proposals routes", async () => {
    await createTask(ada, { title: "Deep work", date: TOMORROW, estimatedDuration: 120 });
    const { proposal } = await plan(ada, TOMORROW);
    const changeIds = proposal!.changes.map((change) => change.id);
    const applied = await t.app.inject({
      method: "POST",
      url: `/api/ai/proposals/${proposal!.id}/apply`,
      headers: ada.mutatingHeaders,
      payload: { changeIds },
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await startTimes(ada, TOMORROW)).toEqual({ "Deep work": "09:00" });
    // Planned already: nothing waits for a time.
    expect(await plan(ada, TOMORROW)).toEqual({ proposal: null, unplaced: [] });
    const undone = await t.app.inject({
      method: "POST",
      url: `/api/ai/proposals/${proposal!.id}/undo`,
      headers: ada.mutatingHeaders,
      payload: {},
    });
    expect(undone.statusCode, undone.body).toBe(200);
    expect((undone.json() as { proposal: Proposal }).proposal.status).toBe("undone");
    expect(await startTimes(ada, TOMORROW)).toEqual({ "Deep work": null });
  });

  it("lists what does not fit with its reason, keeps the working hours, and never plans before now", async () => {
    await t.app.inject({
      method: "PATCH",
      url: "/api/user/preferences",
      headers: ada.mutatingHeaders,
      payload: { workdayStart: "08:00", workdayEnd: "12:00" },
    });
    const huge = await createTask(ada, { title: "Whole day", date: TOMORROW, estimatedDuration: 300 });
    await createTask(ada, { title: "Morning", date: TOMORROW, estimatedDuration: 120 });
    const late = await createTask(ada, { title: "Too much", date: TOMORROW, estimatedDuration: 120 });
    const tomorrow = await plan(ada, TOMORROW);
    expect(tomorrow.proposal!.changes.map((change) => [change.before!.title, change.after!.scheduledStartTime])).toEqual([
      ["Morning", "08:00"],
    ]);
    expect(tomorrow.unplaced).toEqual([
      { taskId: huge.id, title: "Whole day", reason: "longer than any free slot" },
      { taskId: late.id, title: "Too much", reason: "no free time left" },
    ]);

    // Today at 09:00 UTC: the free time starts then, not at 08:00.
    await createTask(ada, { title: "Today's", date: "2026-05-04", estimatedDuration: 30 });
    const today = await plan(ada, "2026-05-04");
    expect(today.proposal!.changes.map((change) => change.after!.scheduledStartTime)).toEqual(["09:00"]);
  });

  it("plans only the asking user's tasks, and refuses a malformed date", async () => {
    const bob = await signInTestUser(t.app, { name: "Bob", timeZone: "UTC" });
    await createTask(bob, { title: "Bob's", date: TOMORROW, estimatedDuration: 30 });
    expect(await plan(ada, TOMORROW)).toEqual({ proposal: null, unplaced: [] });
    const bad = await t.app.inject({ method: "POST", url: "/api/day-plan", headers: ada.mutatingHeaders, payload: { date: "tomorrow" } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain("date");
  });
});

describe("day plan contract", () => {
  it("names the proposals' tool plan_day", async () => {
    const { PLAN_DAY_TOOL } = await import("../../../shared/api/day-plan.ts");
    expect(PLAN_DAY_TOOL).toBe("plan_day");
  });
});
