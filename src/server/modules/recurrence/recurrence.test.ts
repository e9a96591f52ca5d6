import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { addDays } from "../../../shared/rules/dates.ts";
import { type App, buildApp } from "../../app.ts";
import { createDb, type Db } from "../../db/database.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z"); // a Monday
const TODAY = "2026-05-04";

describeEachDatabase("recurring tasks", (dialect) => {
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

  function post(owner: SignedInUser, payload: Record<string, unknown>) {
    return t.app.inject({ method: "POST", url: "/api/tasks", headers: owner.mutatingHeaders, payload });
  }
  async function create(payload: Record<string, unknown>): Promise<Task> {
    const response = await post(user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function day(date: string, app: App = t.app, owner: SignedInUser = user): Promise<Task[]> {
    const response = await app.inject({ url: `/api/tasks?date=${date}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  function patch(id: string, payload: Record<string, unknown>, owner: SignedInUser = user) {
    return t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: owner.mutatingHeaders, payload });
  }
  function remove(id: string, scope: string, owner: SignedInUser = user) {
    return t.app.inject({ method: "DELETE", url: `/api/tasks/${id}?scope=${scope}`, headers: owner.mutatingHeaders });
  }
  const ofSeries = (tasks: Task[], seriesId: string | null) => tasks.filter((task) => task.seriesId === seriesId);

  describe("creating", () => {
    it("makes the series and its first occurrence, which every answer describes", async () => {
      const task = await create({ title: "Review", date: TODAY, recurrence: "FREQ=DAILY" });
      expect(task).toMatchObject({ date: TODAY, recurrence: "FREQ=DAILY", seriesId: expect.any(String), status: "todo" });
      expect(await day(TODAY)).toEqual([expect.objectContaining({ id: task.id, recurrence: "FREQ=DAILY" })]);
    });

    it("starts on the first day from the task's date on which the rule occurs", async () => {
      const task = await create({ title: "Gym", date: TODAY, recurrence: "FREQ=WEEKLY;BYDAY=WE,FR" });
      expect(task.date).toBe("2026-05-06");
    });

    it.each([
      [{ recurrence: "FREQ=DAILY" }, "recurrence: needs a date"],
      [{ date: TODAY, recurrence: "FREQ=HOURLY" }, "recurrence: must not repeat more often than daily"],
      [{ date: TODAY, recurrence: "FREQ=DAILY;BYHOUR=8,20" }, "recurrence: would occur more than once a day"],
      [{ date: TODAY, recurrence: "every day" }, "recurrence: is not a valid RRULE"],
    ])("refuses %o with a 400 saying why, and stores nothing", async (fields, message) => {
      const response = await post(user, { title: "Nope", ...fields });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(message);
      expect(await day(TODAY)).toEqual([]);
    });
  });

  describe("reading", () => {
    it("shows a daily task started five days ago once today, once tomorrow and once a week from now", async () => {
      const first = await create({ title: "Stretch", date: addDays(TODAY, -5), recurrence: "FREQ=DAILY" });
      for (const date of [TODAY, addDays(TODAY, 1), addDays(TODAY, 7), TODAY]) {
        const occurrences = ofSeries(await day(date), first.seriesId);
        expect(occurrences, date).toHaveLength(1);
        expect(occurrences[0]).toMatchObject({ date, status: "todo", title: "Stretch" });
      }
      const future = await t.app.inject({
        url: `/api/tasks/future?startDate=${addDays(TODAY, 1)}&endDate=${addDays(TODAY, 30)}`,
        headers: user.headers,
      });
      expect(ofSeries(future.json(), first.seriesId).map((task) => task.date)).toEqual([addDays(TODAY, 1)]);
    });

    it("a series started 60 days ago and read first today has one occurrence today and no overdue copies", async () => {
      const first = await create({ title: "Journal", date: addDays(TODAY, -60), recurrence: "FREQ=DAILY" });
      expect(ofSeries(await day(TODAY), first.seriesId)).toHaveLength(1);
      const future = await t.app.inject({
        url: `/api/tasks/future?startDate=${TODAY}&endDate=${addDays(TODAY, 30)}`,
        headers: user.headers,
      });
      expect(ofSeries(future.json(), first.seriesId).map((task) => task.date)).toEqual([TODAY]);
      expect(ofSeries(await day(addDays(TODAY, -30)), first.seriesId)).toHaveLength(1);
    });

    it("reads the calendar's far days of a daily series started today at once, each new one again", async () => {
      const first = await create({ title: "Stretch", date: TODAY, recurrence: "FREQ=DAILY" });
      for (const date of ["9999-12-31", "9999-12-30", "8000-02-29"]) {
        const started = performance.now();
        expect(ofSeries(await day(date), first.seriesId), date).toEqual([expect.objectContaining({ date, title: "Stretch" })]);
        expect(performance.now() - started, date).toBeLessThan(2_000);
      }
      const started = performance.now();
      const future = await t.app.inject({ url: "/api/tasks/future?startDate=9000-06-01&endDate=9001-06-01", headers: user.headers });
      expect(ofSeries(future.json(), first.seriesId).map((task) => task.date)).toEqual(["9000-06-01"]);
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it("a rule that never occurs is refused at once, not after walking to year 9999", async () => {
      const started = performance.now();
      const response = await post(user, { title: "Never", date: TODAY, recurrence: "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30" });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain("recurrence: never occurs");
      expect(performance.now() - started).toBeLessThan(2_000);
    });

    it.each([
      ["1000-01-01", "FREQ=DAILY", 201, "1000-01-01"],
      ["1000-01-01", "FREQ=WEEKLY;BYDAY=FR", 201, "1000-01-03"],
      ["9999-12-31", "FREQ=DAILY", 201, "9999-12-31"],
      ["9999-12-31", "FREQ=WEEKLY;BYDAY=MO", 400, "recurrence: never occurs from the task's date on"],
    ])("at the calendar's ends, a task from %s repeating %s is a %i (%s)", async (date, recurrence, status, expected) => {
      const response = await post(user, { title: "Edge", date, recurrence });
      expect(response.statusCode, response.body).toBe(status);
      if (status === 201) expect(response.json()).toMatchObject({ date: expected, recurrence });
      else expect(response.json().message).toContain(expected);
      if (status === 201) expect(ofSeries(await day(expected), response.json().seriesId)).toHaveLength(1);
    });

    it("concurrent first reads of a day still make one occurrence", async () => {
      const first = await create({ title: "Water plants", date: TODAY, recurrence: "FREQ=DAILY" });
      const date = addDays(TODAY, 3);
      const answers = await Promise.all(Array.from({ length: 6 }, () => day(date)));
      const ids = new Set(
        answers.map((tasks) =>
          ofSeries(tasks, first.seriesId)
            .map((task) => task.id)
            .join(),
        ),
      );
      expect(ids.size).toBe(1);
      expect(ofSeries(await day(date), first.seriesId)).toHaveLength(1);
      // A day whose occurrences exist is read without a write.
      const version = () => t.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", user.userId).executeTakeFirstOrThrow();
      const before = await version();
      await day(date);
      expect(await version()).toEqual(before);
    });

    it("completing today's occurrence leaves tomorrow's as it is", async () => {
      const first = await create({ title: "Inbox zero", date: TODAY, recurrence: "FREQ=DAILY" });
      expect((await patch(first.id, { status: "done" })).statusCode).toBe(200);
      expect(ofSeries(await day(addDays(TODAY, 1)), first.seriesId)).toEqual([expect.objectContaining({ status: "todo" })]);
      expect(ofSeries(await day(TODAY), first.seriesId)).toEqual([expect.objectContaining({ status: "done" })]);
    });

    it("counts a series' occurrences towards its goal like tasks", async () => {
      const goal = await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Fit" } });
      const goalId = goal.json().id as string;
      await create({ title: "Run", date: TODAY, recurrence: "FREQ=DAILY", goalId });
      await day(addDays(TODAY, 1));
      const goals = await t.app.inject({ url: "/api/goals", headers: user.headers });
      expect(goals.json().find((g: { id: string }) => g.id === goalId)).toMatchObject({ totalTasksCount: 2, completedTasksCount: 0 });
    });
  });

  describe("editing and deleting", () => {
    it('"this" changes one occurrence; "future" changes the series from that day on', async () => {
      const first = await create({ title: "Standup", date: TODAY, recurrence: "FREQ=DAILY" });
      const [tomorrow] = ofSeries(await day(addDays(TODAY, 1)), first.seriesId);
      const [later] = ofSeries(await day(addDays(TODAY, 2)), first.seriesId);

      expect((await patch(later!.id, { title: "Standup (remote)" })).json()).toMatchObject({ title: "Standup (remote)" });
      expect(ofSeries(await day(addDays(TODAY, 3)), first.seriesId)[0]).toMatchObject({ title: "Standup" });

      const edited = (await patch(tomorrow!.id, { title: "Sync", estimatedDuration: 15, scope: "future" })).json() as Task;
      expect(edited).toMatchObject({ title: "Sync", estimatedDuration: 15 });
      expect(edited.seriesId).not.toBe(first.seriesId);
      expect((await day(TODAY))[0]).toMatchObject({ title: "Standup", seriesId: first.seriesId });
      for (const date of [addDays(TODAY, 2), addDays(TODAY, 3), addDays(TODAY, 9)]) {
        const occurrences = (await day(date)).filter((task) => task.recurrence !== null);
        expect(occurrences, date).toEqual([expect.objectContaining({ title: "Sync", estimatedDuration: 15, seriesId: edited.seriesId })]);
      }
    });

    it("a Timeline move (a start time sent without a scope) moves one occurrence; the others keep the series' time", async () => {
      const first = await create({ title: "Standup", date: TODAY, recurrence: "FREQ=DAILY", scheduledStartTime: "09:00" });
      const [tomorrow] = ofSeries(await day(addDays(TODAY, 1)), first.seriesId);
      expect((await patch(tomorrow!.id, { scheduledStartTime: "10:15", estimatedDuration: 45 })).statusCode).toBe(200);
      expect(ofSeries(await day(addDays(TODAY, 1)), first.seriesId)).toEqual([
        expect.objectContaining({ scheduledStartTime: "10:15", estimatedDuration: 45 }),
      ]);
      for (const date of [TODAY, addDays(TODAY, 2), addDays(TODAY, 5)])
        expect(ofSeries(await day(date), first.seriesId), date).toEqual([expect.objectContaining({ scheduledStartTime: "09:00" })]);
    });

    it("moving one occurrence to another day, or to no day, moves it alone: its own day is not filled again", async () => {
      const first = await create({ title: "Review", date: TODAY, recurrence: "FREQ=WEEKLY" });
      const [nextWeek] = ofSeries(await day(addDays(TODAY, 7)), first.seriesId);
      expect((await patch(nextWeek!.id, { date: addDays(TODAY, 9) })).statusCode).toBe(200);
      expect(ofSeries(await day(addDays(TODAY, 7)), first.seriesId)).toEqual([]);
      expect(ofSeries(await day(addDays(TODAY, 9)), first.seriesId)).toEqual([expect.objectContaining({ id: nextWeek!.id })]);
      expect(ofSeries(await day(addDays(TODAY, 14)), first.seriesId)).toHaveLength(1);

      const [third] = ofSeries(await day(addDays(TODAY, 14)), first.seriesId);
      const moved = (await patch(third!.id, { date: null })).json() as Task;
      expect(moved).toMatchObject({ date: null, seriesId: first.seriesId });
      expect(ofSeries(await day(addDays(TODAY, 14)), first.seriesId)).toEqual([]);
      expect(ofSeries(await day(addDays(TODAY, 21)), first.seriesId)).toHaveLength(1);
    });

    it("a new rule from an occurrence on drops the days it no longer has", async () => {
      const first = await create({ title: "Gym", date: TODAY, recurrence: "FREQ=DAILY" });
      await day(addDays(TODAY, 1));
      const [wednesday] = ofSeries(await day(addDays(TODAY, 2)), first.seriesId);
      const edited = (await patch(wednesday!.id, { recurrence: "FREQ=WEEKLY;BYDAY=WE,FR", scope: "future" })).json() as Task;
      expect(edited.recurrence).toBe("FREQ=WEEKLY;BYDAY=WE,FR");
      expect(await day(addDays(TODAY, 3))).toEqual([]);
      expect(await day(addDays(TODAY, 4))).toEqual([expect.objectContaining({ seriesId: edited.seriesId })]);
      expect(await day(addDays(TODAY, 1))).toEqual([expect.objectContaining({ seriesId: first.seriesId, recurrence: "FREQ=DAILY" })]);
      expect(await day(addDays(TODAY, 7))).toEqual([]);
    });

    it('deleting "this" removes one occurrence for good; "future" ends the series there', async () => {
      const first = await create({ title: "Read", date: TODAY, recurrence: "FREQ=DAILY" });
      const [tomorrow] = await day(addDays(TODAY, 1));
      expect((await remove(tomorrow!.id, "this")).statusCode).toBe(200);
      expect(await day(addDays(TODAY, 1))).toEqual([]);
      const [third] = await day(addDays(TODAY, 3));
      await day(addDays(TODAY, 4));
      expect((await remove(third!.id, "future")).statusCode).toBe(200);
      expect(await day(addDays(TODAY, 3))).toEqual([]);
      expect(await day(addDays(TODAY, 4))).toEqual([]);
      expect(await day(addDays(TODAY, 30))).toEqual([]);
      expect(ofSeries(await day(TODAY), first.seriesId)).toHaveLength(1);
      expect(ofSeries(await day(addDays(TODAY, 2)), first.seriesId)).toHaveLength(1);
    });

    it("another user's occurrence is a 404 for every edit and delete, and their series never shows", async () => {
      const first = await create({ title: "Mine", date: TODAY, recurrence: "FREQ=DAILY" });
      const stranger = await signInTestUser(t.app);
      expect((await patch(first.id, { title: "Theirs", scope: "future" }, stranger)).statusCode).toBe(404);
      expect((await remove(first.id, "future", stranger)).statusCode).toBe(404);
      expect(await day(addDays(TODAY, 1), t.app, stranger)).toEqual([]);
      expect(ofSeries(await day(TODAY), first.seriesId)).toEqual([expect.objectContaining({ title: "Mine" })]);
    });
  });

  describe("closing a day", () => {
    function rollover(path: "preview" | "trigger", date: string) {
      return t.app.inject({ method: "POST", url: `/api/rollover/${path}`, headers: user.mutatingHeaders, payload: { date } });
    }

    it("skips an unfinished occurrence whose series occurs the next day: the next day never gets two", async () => {
      const first = await create({ title: "Plan the day", date: TODAY, recurrence: "FREQ=DAILY" });
      await day(addDays(TODAY, 1));
      const preview = (await rollover("preview", TODAY)).json();
      expect(preview.tasks).toEqual([expect.objectContaining({ id: first.id, recommendedAction: "skip" })]);
      const summary = (await rollover("trigger", TODAY)).json();
      expect(summary.taskIds.skip).toEqual([first.id]);
      expect(summary).toMatchObject({ rolledOverCount: 0, completedCount: 0, totalCount: 1 });
      expect(ofSeries(await day(addDays(TODAY, 1)), first.seriesId)).toEqual([expect.objectContaining({ rolloverCount: 0 })]);
      expect(ofSeries(await day(TODAY), first.seriesId)).toEqual([expect.objectContaining({ id: first.id, status: "todo" })]);
      // Closing again handles nothing more.
      expect((await rollover("trigger", TODAY)).json().taskIds.skip).toEqual([first.id]);
      expect(ofSeries(await day(addDays(TODAY, 1)), first.seriesId)).toHaveLength(1);
    });

    it("rolls over an occurrence whose series does not occur the next day, like any task", async () => {
      const first = await create({ title: "Weekly report", date: TODAY, recurrence: "FREQ=WEEKLY;BYDAY=MO" });
      expect((await rollover("preview", TODAY)).json().tasks).toEqual([
        expect.objectContaining({ id: first.id, recommendedAction: "rollover" }),
      ]);
      await rollover("trigger", TODAY);
      expect(await day(addDays(TODAY, 1))).toEqual([expect.objectContaining({ id: first.id, rolledOverFromDate: TODAY })]);
      expect(await day(TODAY)).toEqual([]);
      expect(await day(addDays(TODAY, 7))).toEqual([expect.objectContaining({ seriesId: first.seriesId, title: "Weekly report" })]);
    });

    it("a day whose occurrence was never read counts it as missed in the wrap-up", async () => {
      const first = await create({ title: "Floss", date: addDays(TODAY, -3), recurrence: "FREQ=DAILY" });
      const summary = (await rollover("trigger", addDays(TODAY, -1))).json();
      expect(summary).toMatchObject({ totalCount: 1, completedCount: 0 });
      expect(summary.taskIds.skip).toHaveLength(1);
      expect(ofSeries(await day(TODAY), first.seriesId)).toHaveLength(1);
    });
  });

  // Two instances on one PostgreSQL schema, each making the day's occurrences on its first read.
  describe.runIf(dialect === "postgres")("two instances", () => {
    let other: Db;
    let otherApp: App;
    beforeAll(async () => {
      other = createDb({ kind: "postgres", url: t.url!, schema: t.db.schema! });
      otherApp = await buildApp(testConfig(), { db: other, logger: false, now: () => t.clock.now, webRoot: "/nonexistent" });
    });
    afterAll(async () => {
      await otherApp?.close();
      await other?.close();
    });

    it("reading a new day on both at once still makes one occurrence", async () => {
      const first = await create({ title: "Meditate", date: TODAY, recurrence: "FREQ=DAILY" });
      for (const offset of [1, 2, 3]) {
        const date = addDays(TODAY, offset);
        const [a, b] = await Promise.all([day(date), day(date, otherApp)]);
        expect(ofSeries(a, first.seriesId)).toHaveLength(1);
        expect(ofSeries(b, first.seriesId).map((task) => task.id)).toEqual(ofSeries(a, first.seriesId).map((task) => task.id));
      }
    });
  });
});
