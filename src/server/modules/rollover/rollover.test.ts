import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  ROLLOVER_DEFAULTS,
  type RolloverPreviewResponse,
  type RolloverSettings,
  type RolloverSummary,
} from "../../../shared/api/rollover.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../../test/test-app.ts";
import { rolloverRepository } from "./rollover.repository.ts";
import { rolloverService } from "./rollover.service.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z"); // 'today' is 2026-05-04 in UTC
const D = "2026-05-04";
const NEXT = "2026-05-05";
const MINUTE = 60_000;

type Injected = { statusCode: number; body: string; json: () => { message: string; code: string } };

describeEachDatabase("rollover API", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = T0;
    user = await signInTestUser(t.app);
  });

  // Access cookies minted at the test clock's time, as a refreshing browser would send.
  function reading(owner: SignedInUser) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    return { cookie: owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`) };
  }
  function writing(owner: SignedInUser) {
    return { ...reading(owner), "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] };
  }
  async function get<T>(owner: SignedInUser, url: string): Promise<T> {
    const response = await t.app.inject({ url, headers: reading(owner) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  function send(owner: SignedInUser, method: "POST" | "PATCH", url: string, payload?: unknown) {
    return t.app.inject({ method, url, headers: writing(owner), ...(payload === undefined ? {} : { payload: payload as object }) });
  }
  async function sendOk<T>(owner: SignedInUser, method: "POST" | "PATCH", url: string, payload?: unknown): Promise<T> {
    const response = await send(owner, method, url, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function createTask(owner: SignedInUser, payload: Record<string, unknown>): Promise<Task> {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: writing(owner), payload: { date: D, ...payload } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function setStatus(owner: SignedInUser, taskId: string, status: string): Promise<Task> {
    const response = await t.app.inject({ method: "PATCH", url: `/api/tasks/${taskId}`, headers: writing(owner), payload: { status } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const saveSettings = (owner: SignedInUser, settings: Partial<RolloverSettings>) =>
    sendOk<RolloverSettings>(owner, "PATCH", "/api/rollover/settings", settings);
  const preview = (owner: SignedInUser, body: unknown) => sendOk<RolloverPreviewResponse>(owner, "POST", "/api/rollover/preview", body);
  const trigger = (owner: SignedInUser, body: unknown) => sendOk<RolloverSummary>(owner, "POST", "/api/rollover/trigger", body);
  const dayTasks = (owner: SignedInUser, date: string) => get<Task[]>(owner, `/api/tasks?date=${date}`);
  async function findTask(owner: SignedInUser, id: string): Promise<Task> {
    const all = await get<Task[]>(owner, "/api/tasks/future?startDate=2026-04-01&endDate=2026-06-30");
    const found = all.find((task) => task.id === id);
    if (!found) throw new Error(`task ${id} not found`);
    return found;
  }
  function expectValidationError(response: Injected, field: string) {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe("validation_failed");
    expect(response.json().message).toContain(field);
  }
  /** Tasks in every status the rules distinguish. */
  async function seedDay(owner: SignedInUser) {
    const todo = await createTask(owner, { title: "Todo", estimatedDuration: 30 });
    const large = await createTask(owner, { title: "Large", estimatedDuration: 121 });
    const limit = await createTask(owner, { title: "Limit", estimatedDuration: 120 });
    const running = await createTask(owner, { title: "Running", estimatedDuration: 60 });
    await setStatus(owner, running.id, "inprogress");
    const stalled = await createTask(owner, { title: "Stalled" });
    await setStatus(owner, stalled.id, "stalled");
    const done = await createTask(owner, { title: "Done", estimatedDuration: 45 });
    await setStatus(owner, done.id, "inprogress");
    t.clock.advance(20 * MINUTE);
    await setStatus(owner, done.id, "done");
    return { todo, large, limit, running, stalled, done };
  }
  const actionsOf = (response: RolloverPreviewResponse) =>
    Object.fromEntries(response.tasks.map((task) => [task.title, task.recommendedAction]));

  describe("sign-in", () => {
    it("answers 401 to every read without a session", async () => {
      for (const url of ["/api/rollover/settings", `/api/rollover/summary/${D}`, "/api/rollover/summary/not-a-date"]) {
        const response = await t.app.inject({ url });
        expect(response.statusCode, url).toBe(401);
        expect(response.json().code).toBe("unauthorized");
      }
    });

    it("refuses every write without a session (the CSRF check answers first)", async () => {
      const calls = [
        { method: "PATCH" as const, url: "/api/rollover/settings", payload: { maxRolloverDays: 3 } },
        { method: "POST" as const, url: "/api/rollover/preview", payload: {} },
        { method: "POST" as const, url: "/api/rollover/trigger", payload: {} },
      ];
      for (const call of calls) {
        const response = await t.app.inject(call);
        expect([401, 403], call.url).toContain(response.statusCode);
      }
    });
  });

  describe("settings", () => {
    it("answers spec section 9's defaults to a user who never saved any", async () => {
      expect(await get(user, "/api/rollover/settings")).toEqual(ROLLOVER_DEFAULTS);
    });

    it("saves the fields sent, keeps the others, and answers the same on the next read", async () => {
      const saved = await saveSettings(user, { maxRolloverDays: 3, autoRolloverTime: "21:15", deferLargeTasks: false });
      expect(saved).toEqual({ ...ROLLOVER_DEFAULTS, maxRolloverDays: 3, autoRolloverTime: "21:15", deferLargeTasks: false });
      const again = await saveSettings(user, { requireConfirmation: true });
      expect(again).toEqual({ ...saved, requireConfirmation: true });
      expect(await get(user, "/api/rollover/settings")).toEqual(again);
    });

    it("refuses bad values with a 400 naming the field, and saves nothing", async () => {
      const cases: Array<[unknown, string]> = [
        [{ autoRolloverTime: "24:00" }, "autoRolloverTime"],
        [{ autoRolloverTime: "9:30" }, "autoRolloverTime"],
        [{ maxRolloverDays: 0 }, "maxRolloverDays"],
        [{ maxRolloverDays: 31 }, "maxRolloverDays"],
        [{ maxRolloverDays: 2.5 }, "maxRolloverDays"],
        [{ maxRolloverDays: "7" }, "maxRolloverDays"],
        [{ autoRolloverEnabled: "true" }, "autoRolloverEnabled"],
        [{ rolloverTodoTasks: 1 }, "rolloverTodoTasks"],
        [{ stallInProgressTasks: null }, "stallInProgressTasks"],
        [{ deferLargeTasks: "false" }, "deferLargeTasks"],
        [{ requireConfirmation: 0 }, "requireConfirmation"],
        [{ somethingElse: true }, "somethingElse"],
        [{}, "must change at least one setting"],
      ];
      for (const [payload, field] of cases) {
        expectValidationError(await send(user, "PATCH", "/api/rollover/settings", payload), field);
      }
      expect(await get(user, "/api/rollover/settings")).toEqual(ROLLOVER_DEFAULTS);
    });

    it("accepts the bounds 1 and 30 days and the times 00:00 and 23:59", async () => {
      expect((await saveSettings(user, { maxRolloverDays: 1, autoRolloverTime: "00:00" })).maxRolloverDays).toBe(1);
      expect(await saveSettings(user, { maxRolloverDays: 30, autoRolloverTime: "23:59" })).toMatchObject({
        maxRolloverDays: 30,
        autoRolloverTime: "23:59",
      });
    });
  });

  describe("preview", () => {
    it("recommends each rule's action with the defaults, leaving done tasks out", async () => {
      await seedDay(user);
      const response = await preview(user, { date: D });
      expect(response.date).toBe(D);
      expect(response.totalTasks).toBe(5);
      expect(actionsOf(response)).toEqual({ Todo: "rollover", Large: "defer", Limit: "rollover", Running: "stall", Stalled: "stall" });
      expect(response.tasks.find((task) => task.title === "Large")).toMatchObject({ status: "todo", estimatedDuration: 121 });
    });

    it("follows each switch", async () => {
      await seedDay(user);
      await saveSettings(user, { deferLargeTasks: false });
      expect(actionsOf(await preview(user, { date: D }))).toMatchObject({ Large: "rollover" });
      await saveSettings(user, { stallInProgressTasks: false });
      expect(actionsOf(await preview(user, { date: D }))).toMatchObject({ Running: "rollover", Stalled: "rollover", Todo: "rollover" });
      await saveSettings(user, { rolloverTodoTasks: false });
      expect(actionsOf(await preview(user, { date: D }))).toEqual({
        Todo: "review",
        Large: "review",
        Limit: "review",
        Running: "rollover",
        Stalled: "rollover",
      });
      await saveSettings(user, { stallInProgressTasks: true });
      expect(actionsOf(await preview(user, { date: D }))).toEqual({
        Todo: "review",
        Large: "review",
        Limit: "review",
        Running: "stall",
        Stalled: "stall",
      });
    });

    it("defers a task that already rolled over maxRolloverDays times, not one below", async () => {
      await saveSettings(user, { maxRolloverDays: 2 });
      const task = await createTask(user, { title: "Wandering" });
      await trigger(user, { date: D });
      t.clock.advance(24 * 60 * MINUTE);
      expect(actionsOf(await preview(user, { date: NEXT }))).toEqual({ Wandering: "rollover" });
      await trigger(user, { date: NEXT });
      expect((await findTask(user, task.id)).rolloverCount).toBe(2);
      expect(actionsOf(await preview(user, { date: "2026-05-06" }))).toEqual({ Wandering: "defer" });
    });

    it("changes nothing", async () => {
      await seedDay(user);
      const before = await dayTasks(user, D);
      await preview(user, { date: D });
      expect(await dayTasks(user, D)).toEqual(before);
      expect(await dayTasks(user, NEXT)).toEqual([]);
      expect((await t.app.inject({ url: `/api/rollover/summary/${D}`, headers: reading(user) })).statusCode).toBe(404);
    });

    it("previews the user's today in their zone when no date is sent, with or without a body", async () => {
      // 15:00 UTC is already the next day in Kiritimati (UTC+14).
      const islander = await signInTestUser(t.app, { timeZone: "Pacific/Kiritimati" });
      await createTask(islander, { title: "Tomorrow in UTC", date: NEXT });
      for (const body of [undefined, {}]) {
        const response = await preview(islander, body);
        expect(response.date).toBe(NEXT);
        expect(response.tasks.map((task) => task.title)).toEqual(["Tomorrow in UTC"]);
      }
      const pagoPago = await signInTestUser(t.app, { timeZone: "Pacific/Pago_Pago" });
      t.clock.now = new Date("2026-05-05T09:00:00.000Z"); // still 2026-05-04 in UTC-11
      expect((await preview(pagoPago, {})).date).toBe(D);
    });

    it("refuses a bad date or an unknown field, naming it", async () => {
      expectValidationError(await send(user, "POST", "/api/rollover/preview", { date: "2026-02-30" }), "date");
      expectValidationError(await send(user, "POST", "/api/rollover/preview", { day: D }), "day");
    });
  });

  describe("trigger", () => {
    it("applies each action in one go and answers the summary", async () => {
      const seeded = await seedDay(user);
      t.clock.advance(10 * MINUTE);
      const summary = await trigger(user, { date: D, reflectionReasons: ["bugs", "energy"] });
      expect(summary).toEqual({
        id: expect.any(String),
        date: D,
        rolledOverCount: 2,
        stalledCount: 2,
        deferredCount: 1,
        reviewCount: 0,
        taskIds: {
          rollover: expect.arrayContaining([seeded.todo.id, seeded.limit.id]),
          stall: expect.arrayContaining([seeded.running.id, seeded.stalled.id]),
          defer: [seeded.large.id],
          review: [],
        },
        completedCount: 1,
        totalCount: 6,
        plannedMinutes: 30 + 121 + 120 + 60 + 30 + 45,
        actualMinutes: 20,
        reflectionReasons: ["bugs", "energy"],
        createdAt: t.clock.now.toISOString(),
      });

      const today = await dayTasks(user, D);
      expect(today.map((task) => task.title)).toEqual(["Done"]);
      const tomorrow = await dayTasks(user, NEXT);
      expect(tomorrow.map((task) => [task.title, task.status]).sort()).toEqual([
        ["Limit", "todo"],
        ["Running", "stalled"],
        ["Stalled", "stalled"],
        ["Todo", "todo"],
      ]);
      for (const task of tomorrow) {
        expect(task).toMatchObject({ rolloverCount: 1, rolledOverFromDate: D, firstPlannedDate: D, currentSessionStartedAt: null });
      }
      // The running task's session (started at seeding, 30 minutes before the trigger) is tracked.
      expect(tomorrow.find((task) => task.title === "Running")?.trackedMinutes).toBe(30);
      const large = await findTask(user, seeded.large.id);
      expect(large).toMatchObject({ date: null, status: "todo", rolloverCount: 0, rolledOverFromDate: null, firstPlannedDate: D });

      expect(await get(user, `/api/tasks/stats?date=${NEXT}`)).toEqual({ totalTasks: 4, rolledOver: 4, closed: false, movedOn: 0 });
      expect(await get(user, `/api/tasks/stats?date=${D}`)).toEqual({ totalTasks: 6, rolledOver: 0, closed: true, movedOn: 5 });
    });

    it("keeps a closed day's history: its stats, insights and week count the tasks that rolled over from it (issue 56)", async () => {
      const tasks = [];
      for (let index = 1; index <= 10; index++) tasks.push(await createTask(user, { title: `Task ${index}`, estimatedDuration: 20 }));
      for (const task of tasks.slice(0, 4)) await setStatus(user, task.id, "done");
      await trigger(user, { date: D });

      expect(await get(user, `/api/tasks/stats?date=${D}`)).toEqual({ totalTasks: 10, rolledOver: 0, closed: true, movedOn: 6 });
      const insights = await get<{ insights: { title: string; description: string }[] }>(user, `/api/ai/insights?date=${D}`);
      expect(insights.insights.map((insight) => insight.title)).toContain("4/10 completed, 6 rolled over");
      expect(insights.insights.map((insight) => insight.title)).not.toContain("All 4 tasks done");
      const week = await sendOk<{ tasksTotal: number; tasksCompleted: number }>(user, "POST", "/api/weekly-summaries/generate");
      expect(week).toMatchObject({ tasksTotal: 10, tasksCompleted: 4 });

      // A rolled-over task moved back onto the day is counted once; one deferred off the week still counts in it.
      await sendOk(user, "PATCH", `/api/tasks/${tasks[4]!.id}`, { date: D });
      expect(await get(user, `/api/tasks/stats?date=${D}`)).toEqual({ totalTasks: 10, rolledOver: 0, closed: true, movedOn: 5 });
      await sendOk(user, "PATCH", `/api/tasks/${tasks[5]!.id}`, { date: null });
      expect(await sendOk(user, "POST", "/api/weekly-summaries/generate")).toMatchObject({ tasksTotal: 10, tasksCompleted: 4 });
    });

    it("leaves review tasks on their day and an in-progress task rolled over becomes todo with its session closed", async () => {
      await saveSettings(user, { rolloverTodoTasks: false, stallInProgressTasks: false });
      const waiting = await createTask(user, { title: "Waiting" });
      const running = await createTask(user, { title: "Running", estimatedDuration: 60 });
      await setStatus(user, running.id, "inprogress");
      t.clock.advance(15 * MINUTE);
      const summary = await trigger(user, { date: D });
      expect(summary.taskIds).toEqual({ rollover: [running.id], stall: [], defer: [], review: [waiting.id] });
      expect(await findTask(user, waiting.id)).toMatchObject({ date: D, status: "todo", rolloverCount: 0, rolledOverFromDate: null });
      expect(await findTask(user, running.id)).toMatchObject({
        date: NEXT,
        status: "todo",
        trackedMinutes: 15,
        currentSessionStartedAt: null,
        workSessionCount: 1,
      });
    });

    it("rolls over a day once: a second trigger moves nothing and answers the same summary", async () => {
      const first = await createTask(user, { title: "First" });
      const summary = await trigger(user, { date: D, reflectionReasons: ["smooth"] });
      t.clock.advance(5 * MINUTE);
      const again = await trigger(user, { date: D, reflectionReasons: ["harder"] });
      expect(again).toEqual(summary);
      expect(await findTask(user, first.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
    });

    it("rolls over a rolled-over day again over the unfinished tasks added since, once each, adding them to its summary", async () => {
      const first = await createTask(user, { title: "First", estimatedDuration: 20 });
      const done = await createTask(user, { title: "Done" });
      await setStatus(user, done.id, "done");
      const summary = await trigger(user, { date: D, reflectionReasons: ["smooth"] });
      const late = await createTask(user, { title: "Added after the rollover", estimatedDuration: 45 });
      t.clock.advance(5 * MINUTE);

      const again = await trigger(user, { date: D, reflectionReasons: ["harder"] });
      expect(again).toEqual({
        ...summary,
        rolledOverCount: 2,
        taskIds: { ...summary.taskIds, rollover: [first.id, late.id] },
        totalCount: 3,
        plannedMinutes: 20 + 30 + 45,
      });
      expect(await get(user, `/api/rollover/summary/${D}`)).toEqual(again);
      for (const task of [first, late])
        expect(await findTask(user, task.id)).toMatchObject({ date: NEXT, rolloverCount: 1, rolledOverFromDate: D });

      // Nothing new: nothing moves, the same summary.
      t.clock.advance(5 * MINUTE);
      expect(await trigger(user, { date: D })).toEqual(again);
      expect(await findTask(user, late.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
      expect((await dayTasks(user, D)).map((task) => task.title)).toEqual(["Done"]);

      // A task done at the rollover and reopened since is unfinished on a rolled-over day too.
      await setStatus(user, done.id, "todo");
      expect((await trigger(user, { date: D })).taskIds.rollover).toEqual([first.id, late.id, done.id]);
      expect(await findTask(user, done.id)).toMatchObject({ date: NEXT, status: "todo", rolloverCount: 1 });
    });

    it("takes a late change from a device that was offline as any write: it lands where the task is now, and a late add is rolled over again (decision 043)", async () => {
      const moved = await createTask(user, { title: "Moved by the rollover" });
      const summary = await trigger(user, { date: D });
      const offline = (key: string, method: "POST" | "PATCH", url: string, payload: Record<string, unknown>) =>
        t.app.inject({ method, url, headers: { ...writing(user), "idempotency-key": `"${key}"` }, payload });
      const renamed = await offline("late-rename", "PATCH", `/api/tasks/${moved.id}`, { title: "Renamed offline" });
      expect(renamed.statusCode).toBe(200);
      expect(await findTask(user, moved.id)).toMatchObject({ title: "Renamed offline", date: NEXT, rolloverCount: 1 });
      const id = "0f8fad5b-d9cb-469f-a165-70867728950e";
      expect((await offline("late-add", "POST", "/api/tasks", { id, title: "Added offline", date: D })).statusCode).toBe(201);
      // Sent again after a lost answer: the same task, once.
      expect((await offline("late-add", "POST", "/api/tasks", { id, title: "Added offline", date: D })).statusCode).toBe(201);
      expect(await get(user, `/api/rollover/summary/${D}`)).toEqual(summary);
      t.clock.advance(5 * MINUTE);
      const again = await trigger(user, { date: D });
      expect(again.taskIds.rollover).toEqual([moved.id, id]);
      expect(await findTask(user, id)).toMatchObject({ date: NEXT, rolloverCount: 1, rolledOverFromDate: D });
    });

    it("leaves a task its rollover kept for review where it is when the day is rolled over again", async () => {
      await saveSettings(user, { rolloverTodoTasks: false });
      const kept = await createTask(user, { title: "Kept" });
      const summary = await trigger(user, { date: D });
      expect(summary.taskIds.review).toEqual([kept.id]);
      await saveSettings(user, { rolloverTodoTasks: true });
      expect(await trigger(user, { date: D })).toEqual(summary);
      const late = await createTask(user, { title: "Late" });
      const again = await trigger(user, { date: D });
      expect(again.taskIds).toEqual({ rollover: [late.id], stall: [], defer: [], review: [kept.id] });
      expect(await findTask(user, kept.id)).toMatchObject({ date: D, rolloverCount: 0 });
    });

    it("previews only what rolling over a rolled-over day again would do", async () => {
      await saveSettings(user, { stallInProgressTasks: false, rolloverTodoTasks: false });
      await createTask(user, { title: "Kept for review" });
      await trigger(user, { date: D });
      expect((await preview(user, { date: D })).tasks).toEqual([]);
      const late = await createTask(user, { title: "Late" });
      await setStatus(user, late.id, "inprogress");
      expect(actionsOf(await preview(user, { date: D }))).toEqual({ Late: "rollover" });
    });

    it("carries tasks rolled over again on a past day on through the following rolled-over days, up to today", async () => {
      const [before, yesterday] = ["2026-05-02", "2026-05-03"];
      await createTask(user, { title: "Early", date: before });
      await trigger(user, { date: before });
      await trigger(user, { date: yesterday });
      const late = await createTask(user, { title: "Late", date: before });

      const again = await trigger(user, { date: before });
      expect(again.taskIds.rollover).toContain(late.id);
      // The 3rd was rolled over and is past: rolling over the 2nd again rolled it over again too, so Late is on today.
      expect(await findTask(user, late.id)).toMatchObject({
        date: D,
        rolloverCount: 2,
        rolledOverFromDate: yesterday,
        firstPlannedDate: before,
      });
      expect((await get<RolloverSummary>(user, `/api/rollover/summary/${yesterday}`)).taskIds.rollover).toContain(late.id);
      // Today is not rolled over by it.
      expect((await t.app.inject({ url: `/api/rollover/summary/${D}`, headers: reading(user) })).statusCode).toBe(404);
    });

    it("rolls over a rolled-over day again the same way holding the user's lock", async () => {
      const locked = rolloverService({ kysely: t.app.db.kysely, now: () => t.clock.now, optimisticAttempts: 0 });
      await createTask(user, { title: "First" });
      const summary = await locked.rollOverDay(user.userId, { date: D });
      const late = await createTask(user, { title: "Late" });
      const again = await locked.rollOverDay(user.userId, { date: D });
      expect(again).toMatchObject({ id: summary.id, rolledOverCount: 2 });
      expect(await findTask(user, late.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
      expect(await locked.rollOverDay(user.userId, { date: D })).toEqual(again);
    });

    it("lets one of many simultaneous rollovers again move each task added since once", async () => {
      await createTask(user, { title: "First" });
      await trigger(user, { date: D });
      const added = await Promise.all([1, 2, 3].map((n) => createTask(user, { title: `Added ${n}` })));
      const summaries = await Promise.all(Array.from({ length: 4 }, () => trigger(user, { date: D })));
      for (const summary of summaries) expect(summary).toEqual(summaries[0]);
      expect(summaries[0]?.rolledOverCount).toBe(4);
      for (const task of added) expect(await findTask(user, task.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
    });

    it("refuses to roll over a day after the user's today in their zone, and moves nothing; preview still computes", async () => {
      const tomorrow = await createTask(user, { title: "Tomorrow", date: NEXT });
      const response = await send(user, "POST", "/api/rollover/trigger", { date: NEXT });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        code: "bad_request",
        message: `${NEXT} has not begun yet: a day can be ended from that day on (today is ${D})`,
      });
      expect(await findTask(user, tomorrow.id)).toMatchObject({ date: NEXT, rolloverCount: 0 });
      expect((await t.app.inject({ url: `/api/rollover/summary/${NEXT}`, headers: reading(user) })).statusCode).toBe(404);
      expect(actionsOf(await preview(user, { date: NEXT }))).toEqual({ Tomorrow: "rollover" });
      // 15:00 UTC is already the 5th in Kiritimati (UTC+14): there it is today.
      const islander = await signInTestUser(t.app, { timeZone: "Pacific/Kiritimati" });
      expect((await trigger(islander, { date: NEXT })).date).toBe(NEXT);
      expect((await send(islander, "POST", "/api/rollover/trigger", { date: "2026-05-06" })).statusCode).toBe(400);
    });

    it("lets only one of two simultaneous triggers of a day move the tasks", async () => {
      const tasks = await Promise.all([1, 2, 3].map((n) => createTask(user, { title: `Task ${n}` })));
      const [a, b] = await Promise.all([trigger(user, { date: D }), trigger(user, { date: D })]);
      expect(a).toEqual(b);
      for (const task of tasks) expect(await findTask(user, task.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
      expect(await dayTasks(user, "2026-05-06")).toEqual([]);
    });

    it("rolls over the user's today when no date is sent, with no body or an empty one", async () => {
      const islander = await signInTestUser(t.app, { timeZone: "Pacific/Kiritimati" });
      const task = await createTask(islander, { title: "Kiritimati", date: NEXT });
      const summary = await trigger(islander, undefined);
      expect(summary).toMatchObject({ date: NEXT, rolledOverCount: 1, reflectionReasons: [] });
      expect(await findTask(islander, task.id)).toMatchObject({ date: "2026-05-06" });
      expect((await trigger(islander, {})).id).toBe(summary.id);
    });

    it("refuses unknown or repeated reflection reasons, naming the field, and rolls over nothing", async () => {
      await createTask(user, { title: "Stays" });
      expectValidationError(await send(user, "POST", "/api/rollover/trigger", { reflectionReasons: ["lazy"] }), "reflectionReasons");
      expectValidationError(
        await send(user, "POST", "/api/rollover/trigger", { reflectionReasons: ["bugs", "bugs"] }),
        "reflectionReasons",
      );
      expectValidationError(await send(user, "POST", "/api/rollover/trigger", { reflectionReasons: "bugs" }), "reflectionReasons");
      expectValidationError(await send(user, "POST", "/api/rollover/trigger", { date: "05/04/2026" }), "date");
      expect((await dayTasks(user, D)).map((task) => task.title)).toEqual(["Stays"]);
      expect((await t.app.inject({ url: `/api/rollover/summary/${D}`, headers: reading(user) })).statusCode).toBe(404);
    });

    it("touches no other user's tasks or summaries", async () => {
      const other = await signInTestUser(t.app);
      const theirs = await createTask(other, { title: "Theirs" });
      await createTask(user, { title: "Mine" });
      await trigger(user, { date: D });
      expect(await findTask(other, theirs.id)).toEqual(theirs);
      expect((await t.app.inject({ url: `/api/rollover/summary/${D}`, headers: reading(other) })).statusCode).toBe(404);
      // Their own trigger of the same day is theirs alone.
      expect((await trigger(other, undefined)).taskIds.rollover).toEqual([theirs.id]);
    });

    it("keeps every goal's stored task counts equal to its tasks", async () => {
      const goalResponse = await send(user, "POST", "/api/goals", { title: "Ship" });
      const goalId = goalResponse.json<{ id: string }>().id;
      const todo = await createTask(user, { title: "Todo", goalId });
      const large = await createTask(user, { title: "Large", goalId, estimatedDuration: 240 });
      const running = await createTask(user, { title: "Running", goalId });
      await setStatus(user, running.id, "inprogress");
      const done = await createTask(user, { title: "Done", goalId });
      await setStatus(user, done.id, "done");
      await trigger(user, { date: D });
      const goals = await get<Array<{ id: string; totalTasksCount: number; completedTasksCount: number }>>(user, "/api/goals");
      const goal = goals.find((entry) => entry.id === goalId);
      const linked = await Promise.all([todo, large, running, done].map((task) => findTask(user, task.id)));
      expect(goal).toMatchObject({
        totalTasksCount: linked.length,
        completedTasksCount: linked.filter((task) => task.status === "done").length,
      });
      expect(goal?.completedTasksCount).toBe(1);
    });

    it("rolls over an empty day with a summary of zeros", async () => {
      expect(await trigger(user, { date: D })).toMatchObject({
        rolledOverCount: 0,
        stalledCount: 0,
        deferredCount: 0,
        reviewCount: 0,
        completedCount: 0,
        totalCount: 0,
        plannedMinutes: 0,
        actualMinutes: 0,
      });
    });
  });

  describe("rollover against other writes (decision 029)", () => {
    const dataVersionOf = async (owner: SignedInUser) =>
      Number(
        (await t.app.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", owner.userId).executeTakeFirstOrThrow())
          .dataVersion,
      );
    const summaryOf = (owner: SignedInUser) =>
      t.app.db.kysely
        .selectFrom("rolloverSummaries")
        .select("id")
        .where("userId", "=", owner.userId)
        .where("date", "=", D)
        .executeTakeFirst();

    it("stores nothing when the user's data was written between the rollover's read and its write", async () => {
      const repository = rolloverRepository(t.app.db.kysely);
      const todo = await createTask(user, { title: "Todo" });
      const read = await repository.findDayToRollOver(user.userId, D);
      expect(read).toMatchObject({ summary: undefined, tasks: [expect.objectContaining({ id: todo.id, status: "todo" })] });
      // Meanwhile the task is finished, in another request: the rollover planned from the read is stale.
      await setStatus(user, todo.id, "done");
      const at = t.clock.now.toISOString();
      const stale = {
        summary: {
          id: "stale-rollover",
          date: D,
          rolledOverCount: 1,
          stalledCount: 0,
          deferredCount: 0,
          reviewCount: 0,
          taskIds: { rollover: [todo.id], stall: [], defer: [], review: [] },
          completedCount: 0,
          totalCount: 1,
          plannedMinutes: 30,
          actualMinutes: 0,
          reflectionReasons: [],
          createdAt: at,
        },
        isAgain: false,
        changedTasks: [{ task: read!.tasks[0]!, changes: { date: NEXT, rolloverCount: 1, rolledOverFromDate: D, updatedAt: at } }],
      };
      const versionBefore = await dataVersionOf(user);
      expect(await repository.storeRollover(user.userId, read!.dataVersion, stale, "user")).toBe(false);
      expect(await summaryOf(user)).toBeUndefined();
      expect(await findTask(user, todo.id)).toMatchObject({ date: D, status: "done", rolloverCount: 0 });
      expect(await dataVersionOf(user)).toBe(versionBefore);
      // The same rollover read again is current, and is stored.
      const current = await repository.findDayToRollOver(user.userId, D);
      expect(await repository.storeRollover(user.userId, current!.dataVersion, stale, "user")).toBe(true);
      expect(await dataVersionOf(user)).toBe(versionBefore + 1);
    });

    it("answers the stored summary, moving nothing, when the rollover that read first stores second", async () => {
      const repository = rolloverRepository(t.app.db.kysely);
      const todo = await createTask(user, { title: "Todo" });
      const read = await repository.findDayToRollOver(user.userId, D);
      const summary = await trigger(user, { date: D });
      const at = t.clock.now.toISOString();
      const late = {
        summary: { ...summary, id: "late-rollover" },
        isAgain: false,
        changedTasks: [{ task: read!.tasks[0]!, changes: { date: NEXT, rolloverCount: 1, rolledOverFromDate: D, updatedAt: at } }],
      };
      expect(await repository.storeRollover(user.userId, read!.dataVersion, late, "user")).toBe(false);
      expect((await summaryOf(user))?.id).toBe(summary.id);
      expect(await findTask(user, todo.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
    });

    it("rolls over the day the same way holding the user's lock (after optimistic attempts lost)", async () => {
      const locked = rolloverService({ kysely: t.app.db.kysely, now: () => t.clock.now, optimisticAttempts: 0 });
      const seeded = await seedDay(user);
      const summary = await locked.rollOverDay(user.userId, { date: D, reflectionReasons: ["smooth"] });
      expect(summary).toMatchObject({
        date: D,
        rolledOverCount: 2,
        stalledCount: 2,
        deferredCount: 1,
        reviewCount: 0,
        completedCount: 1,
        totalCount: 6,
        reflectionReasons: ["smooth"],
      });
      expect(await findTask(user, seeded.todo.id)).toMatchObject({ date: NEXT, rolloverCount: 1, rolledOverFromDate: D });
      expect(await findTask(user, seeded.large.id)).toMatchObject({ date: null, rolloverCount: 0 });
      expect(await findTask(user, seeded.running.id)).toMatchObject({ date: NEXT, status: "stalled", currentSessionStartedAt: null });
      expect(await locked.rollOverDay(user.userId, { date: D })).toEqual(summary);
      expect(await trigger(user, { date: D })).toEqual(summary);
    });

    it("lets one of many simultaneous triggers of a day, amid task writes, move each task once", async () => {
      const tasks = await Promise.all([1, 2, 3, 4].map((n) => createTask(user, { title: `Task ${n}` })));
      const [summaries] = await Promise.all([
        Promise.all(Array.from({ length: 6 }, () => trigger(user, { date: D }))),
        Promise.all(tasks.slice(0, 2).map((task) => send(user, "PATCH", `/api/tasks/${task.id}`, { title: `${task.title}!` }))),
      ]);
      for (const summary of summaries) expect(summary).toEqual(summaries[0]);
      for (const task of tasks) expect(await findTask(user, task.id)).toMatchObject({ date: NEXT, rolloverCount: 1 });
    });
  });

  describe("summary", () => {
    it("is a 404 before the day is rolled over and the stored summary after, with its reflection", async () => {
      const missing = await t.app.inject({ url: `/api/rollover/summary/${D}`, headers: reading(user) });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: "No rollover summary found for this date", code: "not_found" });

      await createTask(user, { title: "Carry" });
      const summary = await trigger(user, { reflectionReasons: ["interruptions", "smooth"] });
      expect(await get(user, `/api/rollover/summary/${D}`)).toEqual(summary);
      expect(summary.reflectionReasons).toEqual(["interruptions", "smooth"]);
    });

    it("refuses a date that is not a calendar day, naming it", async () => {
      const response = await t.app.inject({ url: "/api/rollover/summary/2026-13-01", headers: reading(user) });
      expectValidationError(response, "date");
    });

    it("is also read by a query that answers 200 with null before the day is rolled over, so a visit logs no 404", async () => {
      const other = await signInTestUser(t.app);
      expect(await get(user, `/api/rollover/summary?date=${D}`)).toEqual({ summary: null });
      await createTask(user, { title: "Carry" });
      const summary = await trigger(user, { reflectionReasons: ["energy"] });
      expect(await get(user, `/api/rollover/summary?date=${D}`)).toEqual({ summary });
      expect(await get(other, `/api/rollover/summary?date=${D}`)).toEqual({ summary: null });
      expectValidationError(await t.app.inject({ url: "/api/rollover/summary?date=2026-13-01", headers: reading(user) }), "date");
    });
  });
});
