import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../../test/test-app.ts";
import { tasksService } from "./tasks.service.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z"); // a Monday; 'today' is 2026-05-04 in UTC
const MINUTE = 60_000;
const iso = (date: Date) => date.toISOString();

describeEachDatabase("tasks API", (dialect) => {
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

  // The access cookie lives 60 minutes of the test clock; the browser would refresh it, so every
  // request here carries one minted at the clock's current time.
  function reading(owner: SignedInUser) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    return { cookie: owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`) };
  }
  function writing(owner: SignedInUser) {
    return { ...reading(owner), "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] };
  }

  async function create(owner: SignedInUser, payload: Record<string, unknown>): Promise<Task> {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: writing(owner), payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  function patch(owner: SignedInUser, id: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: writing(owner), payload });
  }
  async function patchOk(owner: SignedInUser, id: string, payload: Record<string, unknown>): Promise<Task> {
    const response = await patch(owner, id, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function get<T = Task[]>(owner: SignedInUser, url: string): Promise<T> {
    const response = await t.app.inject({ url, headers: reading(owner) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  async function createGoal(owner: SignedInUser, title: string): Promise<string> {
    const response = await t.app.inject({ method: "POST", url: "/api/goals", headers: writing(owner), payload: { title } });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id;
  }
  function expectValidationError(response: { statusCode: number; json: () => { message: string; code: string } }, text: string) {
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_failed");
    expect(response.json().message).toContain(text);
  }
  const advanceMinutes = (minutes: number, extraMs = 0) => t.clock.advance(minutes * MINUTE + extraMs);

  describe("sign-in and CSRF", () => {
    it("answers 401 to every call without a session", async () => {
      const calls = [
        { method: "GET" as const, url: "/api/tasks?date=2026-05-04" },
        { method: "GET" as const, url: "/api/tasks/stalled" },
        { method: "GET" as const, url: "/api/tasks/future?startDate=2026-05-05&endDate=2026-06-03" },
        { method: "GET" as const, url: "/api/tasks/stats?date=2026-05-04" },
        { method: "GET" as const, url: "/api/tasks?date=not-a-date" },
      ];
      for (const call of calls) {
        const response = await t.app.inject(call);
        expect(response.statusCode, call.url).toBe(401);
        expect(response.json().code).toBe("unauthorized");
      }
    });

    it("refuses POST, PATCH and DELETE without the CSRF header, changing nothing", async () => {
      const task = await create(user, { title: "Guarded", date: "2026-05-04" });
      const calls = [
        { method: "POST" as const, url: "/api/tasks", payload: { title: "Forged" } },
        { method: "PATCH" as const, url: `/api/tasks/${task.id}`, payload: { status: "done" } },
        { method: "DELETE" as const, url: `/api/tasks/${task.id}` },
      ];
      for (const call of calls) {
        const response = await t.app.inject({ ...call, headers: reading(user) });
        expect(response.statusCode, call.method).toBe(403);
      }
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([task]);
    });
  });

  describe("POST /api/tasks", () => {
    it("creates a todo task with nulls for what was not sent", async () => {
      const task = await create(user, { title: "  Write the report  " });
      expect(task).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: user.userId,
        goalId: null,
        goalTitle: null,
        title: "Write the report",
        description: null,
        status: "todo",
        date: null,
        estimatedDuration: null,
        scheduledStartTime: null,
        firstStartedAt: null,
        currentSessionStartedAt: null,
        workSessionCount: 0,
        startedAt: null,
        completedAt: null,
        trackedMinutes: 0,
        rolloverCount: 0,
        firstPlannedDate: null,
        rolledOverFromDate: null,
        position: 1,
        recurrence: null,
        seriesId: null,
        checklist: [],
        createdAt: iso(T0),
        updatedAt: iso(T0),
      });
    });

    it("stores every field sent, with the goal's title, and returns what a read returns", async () => {
      const goalId = await createGoal(user, "Ship v1");
      const task = await create(user, {
        title: "Plan",
        description: "Outline first",
        estimatedDuration: 45,
        scheduledStartTime: "09:30",
        goalId,
        date: "2026-05-04",
        status: "todo",
      });
      expect(task).toMatchObject({
        title: "Plan",
        description: "Outline first",
        estimatedDuration: 45,
        scheduledStartTime: "09:30",
        goalId,
        goalTitle: "Ship v1",
        date: "2026-05-04",
        firstPlannedDate: "2026-05-04",
        status: "todo",
      });
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([task]);
    });

    it("stores blank optional fields as null, never as empty strings", async () => {
      const task = await create(user, { title: "Blank", description: "   ", scheduledStartTime: "", goalId: "", date: "" });
      expect(task).toMatchObject({ description: null, scheduledStartTime: null, goalId: null, date: null });
      const [stored] = await get(user, "/api/tasks/future?startDate=2026-05-05&endDate=2026-06-03");
      expect(stored).toMatchObject({ id: task.id, description: null, scheduledStartTime: null, date: null });
    });

    it("accepts the duration and title limits exactly", async () => {
      expect((await create(user, { title: "a", estimatedDuration: 5 })).estimatedDuration).toBe(5);
      expect((await create(user, { title: "b", estimatedDuration: 480 })).estimatedDuration).toBe(480);
      expect((await create(user, { title: "x".repeat(200) })).title).toHaveLength(200);
      expect((await create(user, { title: "c", description: "d".repeat(5000) })).description).toHaveLength(5000);
      expect((await create(user, { title: "d", scheduledStartTime: "00:00" })).scheduledStartTime).toBe("00:00");
      expect((await create(user, { title: "e", scheduledStartTime: "23:59" })).scheduledStartTime).toBe("23:59");
      expect((await create(user, { title: "f", date: "2024-02-29" })).date).toBe("2024-02-29");
    });

    it("refuses invalid fields with messages naming them", async () => {
      const cases: Array<[Record<string, unknown>, string]> = [
        [{ title: "t", date: "2026-02-30" }, "date: must be a calendar date yyyy-MM-dd"],
        [{ title: "t", date: "2026-5-4" }, "date: must be a calendar date yyyy-MM-dd"],
        [{ title: "t", date: 20260504 }, "date: must be a calendar date yyyy-MM-dd"],
        [{ title: "t", scheduledStartTime: "24:00" }, "scheduledStartTime: must be a time HH:MM from 00:00 to 23:59"],
        [{ title: "t", scheduledStartTime: "9:30" }, "scheduledStartTime: must be a time HH:MM from 00:00 to 23:59"],
        [{ title: "t", estimatedDuration: 4 }, "estimatedDuration: must be between 5 and 480 minutes"],
        [{ title: "t", estimatedDuration: 481 }, "estimatedDuration: must be between 5 and 480 minutes"],
        [{ title: "t", estimatedDuration: "30" }, "estimatedDuration: must be between 5 and 480 minutes"],
        [{ title: "t", estimatedDuration: 30.5 }, "estimatedDuration: must be a whole number of minutes"],
        [{ title: "" }, "title: Task title is required"],
        [{ title: "   " }, "title: Task title is required"],
        [{}, "title: Task title is required"],
        [{ title: 5 }, "title: must be text"],
        [{ title: "x".repeat(201) }, "title: must be at most 200 characters"],
        [{ title: "t", description: "d".repeat(5001) }, "description: must be at most 5000 characters"],
        [{ title: "t", status: "done" }, 'status: must be "todo" for a new task'],
        [{ title: "t", priority: "high" }, 'Unrecognized key: "priority"'],
      ];
      for (const [payload, message] of cases) {
        const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: writing(user), payload });
        expectValidationError(response, message);
      }
      expect(await get(user, "/api/tasks/future?startDate=2026-05-04&endDate=2026-05-04")).toEqual([]);
    });

    it("refuses another user's goal and an unknown goal as not found", async () => {
      const other = await signInTestUser(t.app);
      const othersGoal = await createGoal(other, "Not yours");
      for (const goalId of [othersGoal, "00000000-0000-4000-8000-000000000000"]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: writing(user),
          payload: { title: "Sneaky", goalId },
        });
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
      }
      expect(await get(user, "/api/tasks/future?startDate=2026-05-04&endDate=2026-05-04")).toEqual([]);
    });
  });

  it("says a wrongly typed title is wrong once, not also that it is missing", async () => {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: writing(user), payload: { title: [] } });
    expect(response.json()).toEqual({ message: "Invalid body: title: must be text", code: "validation_failed" });
  });

  describe("NUL characters (PostgreSQL cannot store them): the same answer on both databases", () => {
    it("refuses them in a title or description with a 400 naming the field, and stores nothing", async () => {
      for (const payload of [{ title: "a\u0000b" }, { title: "ok", description: "x\u0000" }]) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: writing(user),
          payload: { ...payload, date: "2026-05-04" },
        });
        expectValidationError(response, Object.keys(payload).at(-1)!);
        expect(response.json().message).toContain("NUL");
      }
      const task = await create(user, { title: "Plan", date: "2026-05-04" });
      expectValidationError(await patch(user, task.id, { title: "\u0000" }), "title");
      expect(await get(user, "/api/tasks?date=2026-05-04")).toHaveLength(1);
    });

    it("answers 404 to an id or a goalId that holds one", async () => {
      for (const method of ["PATCH", "DELETE"] as const) {
        const response = await t.app.inject({
          method,
          url: "/api/tasks/%00",
          headers: writing(user),
          payload: method === "PATCH" ? { title: "x" } : undefined,
        });
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ message: "Task not found", code: "not_found" });
      }
      const response = await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: writing(user),
        payload: { title: "x", goalId: "g\u0000" },
      });
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
    });
  });

  describe("GET /api/tasks?date=", () => {
    it("lists only that day's tasks of the user, oldest first, with goal titles", async () => {
      const goalId = await createGoal(user, "Health");
      const first = await create(user, { title: "First", date: "2026-05-04" });
      advanceMinutes(1);
      const second = await create(user, { title: "Second", date: "2026-05-04", goalId });
      await create(user, { title: "Tomorrow", date: "2026-05-05" });
      await create(user, { title: "Unscheduled" });
      const other = await signInTestUser(t.app);
      await create(other, { title: "Someone else's", date: "2026-05-04" });

      const day = await get(user, "/api/tasks?date=2026-05-04");
      expect(day.map((task) => task.title)).toEqual(["First", "Second"]);
      expect(day[0]).toEqual(first);
      expect(day[1]).toMatchObject({ id: second.id, goalTitle: "Health" });
    });

    it("is empty for a day without tasks, and validates the date", async () => {
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([]);
      expectValidationError(
        await t.app.inject({ url: "/api/tasks?date=2026-02-30", headers: reading(user) }),
        "date: must be a calendar date yyyy-MM-dd",
      );
      expectValidationError(await t.app.inject({ url: "/api/tasks", headers: reading(user) }), "date: must be a calendar date yyyy-MM-dd");
    });
  });

  describe("PATCH /api/tasks/{id}: fields", () => {
    it("changes only the fields sent and refreshes updatedAt", async () => {
      const task = await create(user, {
        title: "Draft",
        description: "d",
        estimatedDuration: 30,
        scheduledStartTime: "08:00",
        date: "2026-05-04",
      });
      advanceMinutes(5);
      const updated = await patchOk(user, task.id, { title: "  Final  ", estimatedDuration: 60 });
      expect(updated).toEqual({ ...task, title: "Final", estimatedDuration: 60, updatedAt: iso(t.clock.now) });
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([updated]);
    });

    it("clears nullable fields with null (or an empty string)", async () => {
      const goalId = await createGoal(user, "Goal");
      const task = await create(user, {
        title: "Full",
        description: "d",
        estimatedDuration: 30,
        scheduledStartTime: "08:00",
        goalId,
        date: "2026-05-04",
      });
      const cleared = await patchOk(user, task.id, {
        description: null,
        estimatedDuration: null,
        scheduledStartTime: "",
        goalId: null,
        date: null,
      });
      expect(cleared).toMatchObject({
        description: null,
        estimatedDuration: null,
        scheduledStartTime: null,
        goalId: null,
        goalTitle: null,
        date: null,
      });
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([]);
    });

    it("links a goal of the user and refuses another user's goal as not found", async () => {
      const task = await create(user, { title: "Link me" });
      const goalId = await createGoal(user, "Mine");
      expect(await patchOk(user, task.id, { goalId })).toMatchObject({ goalId, goalTitle: "Mine" });
      const other = await signInTestUser(t.app);
      const othersGoal = await createGoal(other, "Theirs");
      const response = await patch(user, task.id, { goalId: othersGoal });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
      expect((await get(user, "/api/tasks/future?startDate=2026-05-04&endDate=2026-05-04"))[0]).toMatchObject({
        goalId,
        goalTitle: "Mine",
      });
    });

    it("records the first date a task is planned for and keeps it", async () => {
      const task = await create(user, { title: "Someday" });
      expect(task.firstPlannedDate).toBeNull();
      expect(await patchOk(user, task.id, { date: "2026-05-06" })).toMatchObject({ date: "2026-05-06", firstPlannedDate: "2026-05-06" });
      expect(await patchOk(user, task.id, { date: "2026-05-08" })).toMatchObject({ date: "2026-05-08", firstPlannedDate: "2026-05-06" });
      expect(await patchOk(user, task.id, { date: null })).toMatchObject({ date: null, firstPlannedDate: "2026-05-06" });
    });

    it("refuses invalid changes with messages naming the fields", async () => {
      const task = await create(user, { title: "Valid" });
      const cases: Array<[Record<string, unknown>, string]> = [
        [{}, "must change at least one field"],
        [{ status: "finished" }, "status: must be one of todo, inprogress, done, stalled"],
        [{ date: "2026-02-30" }, "date: must be a calendar date yyyy-MM-dd"],
        [{ scheduledStartTime: "24:00" }, "scheduledStartTime: must be a time HH:MM from 00:00 to 23:59"],
        [{ estimatedDuration: 4 }, "estimatedDuration: must be between 5 and 480 minutes"],
        [{ estimatedDuration: 481 }, "estimatedDuration: must be between 5 and 480 minutes"],
        [{ title: " " }, "title: Task title is required"],
        [{ title: null }, "title: must be text"],
        [{ title: "y".repeat(201) }, "title: must be at most 200 characters"],
        [{ status: null }, "status: must be one of todo, inprogress, done, stalled"],
        [{ userId: "someone-else" }, 'Unrecognized key: "userId"'],
        [{ completedAt: "2026-05-04T00:00:00.000Z" }, 'Unrecognized key: "completedAt"'],
      ];
      for (const [payload, message] of cases) expectValidationError(await patch(user, task.id, payload), message);
      expect((await get(user, "/api/tasks/future?startDate=2026-05-04&endDate=2026-05-04"))[0]).toEqual(task);
    });
  });

  describe("another user's task", () => {
    it("is a 404 on PATCH and DELETE and stays untouched", async () => {
      const owner = await signInTestUser(t.app);
      const task = await create(owner, { title: "Private", date: "2026-05-04" });
      const patched = await patch(user, task.id, { status: "done" });
      expect(patched.statusCode).toBe(404);
      expect(patched.json()).toEqual({ message: "Task not found", code: "not_found" });
      const deleted = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: writing(user) });
      expect(deleted.statusCode).toBe(404);
      expect(deleted.json()).toEqual({ message: "Task not found", code: "not_found" });
      expect(await get(owner, "/api/tasks?date=2026-05-04")).toEqual([task]);
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([]);
    });

    it("never shows in the user's stalled, future or stats reads", async () => {
      const owner = await signInTestUser(t.app);
      const task = await create(owner, { title: "Private", date: "2026-05-01", estimatedDuration: 5 });
      await patchOk(owner, task.id, { status: "stalled" });
      await create(owner, { title: "Unscheduled" });
      expect(await get(user, "/api/tasks/stalled")).toEqual([]);
      expect(await get(user, "/api/tasks/future?startDate=2026-04-01&endDate=2026-06-01")).toEqual([]);
      expect(await get(user, "/api/tasks/stats?date=2026-05-01")).toEqual({ totalTasks: 0, rolledOver: 0, closed: false, movedOn: 0 });
    });

    it("an unknown id is a 404 too", async () => {
      expect((await patch(user, "00000000-0000-4000-8000-000000000000", { title: "x" })).statusCode).toBe(404);
      const deleted = await t.app.inject({ method: "DELETE", url: "/api/tasks/nope", headers: writing(user) });
      expect(deleted.statusCode).toBe(404);
    });
  });

  describe("DELETE /api/tasks/{id}", () => {
    it("deletes the task once", async () => {
      const task = await create(user, { title: "Bye", date: "2026-05-04" });
      const response = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: writing(user) });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([]);
      const again = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: writing(user) });
      expect(again.statusCode).toBe(404);
    });
  });

  describe("lifecycle stamps", () => {
    it("todo -> inprogress -> done -> todo", async () => {
      const task = await create(user, { title: "Work", date: "2026-05-04", estimatedDuration: 60 });

      const started = await patchOk(user, task.id, { status: "inprogress" });
      expect(started).toMatchObject({
        status: "inprogress",
        startedAt: iso(T0),
        firstStartedAt: iso(T0),
        currentSessionStartedAt: iso(T0),
        workSessionCount: 1,
        trackedMinutes: 0,
        completedAt: null,
      });

      advanceMinutes(25, 59_999);
      const doneAt = iso(t.clock.now);
      const done = await patchOk(user, task.id, { status: "done" });
      expect(done).toMatchObject({
        status: "done",
        startedAt: iso(T0),
        firstStartedAt: iso(T0),
        currentSessionStartedAt: null,
        workSessionCount: 1,
        trackedMinutes: 25,
        completedAt: doneAt,
        updatedAt: doneAt,
      });

      advanceMinutes(10);
      const reopened = await patchOk(user, task.id, { status: "todo" });
      expect(reopened).toMatchObject({
        status: "todo",
        startedAt: iso(T0),
        firstStartedAt: iso(T0),
        currentSessionStartedAt: null,
        workSessionCount: 1,
        trackedMinutes: 25,
        completedAt: null,
      });
      expect(await get(user, "/api/tasks?date=2026-05-04")).toEqual([reopened]);
    });

    it("inprogress -> stalled -> inprogress starts a new session and tracked minutes accumulate", async () => {
      const task = await create(user, { title: "Long", date: "2026-05-04", estimatedDuration: 30 });
      await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(20);
      const stalled = await patchOk(user, task.id, { status: "stalled" });
      expect(stalled).toMatchObject({ status: "stalled", currentSessionStartedAt: null, trackedMinutes: 20, workSessionCount: 1 });

      advanceMinutes(60);
      const resumedAt = iso(t.clock.now);
      const resumed = await patchOk(user, task.id, { status: "inprogress" });
      expect(resumed).toMatchObject({
        status: "inprogress",
        startedAt: iso(T0),
        firstStartedAt: iso(T0),
        currentSessionStartedAt: resumedAt,
        workSessionCount: 2,
        trackedMinutes: 20,
      });

      advanceMinutes(15);
      const done = await patchOk(user, task.id, { status: "done" });
      expect(done).toMatchObject({ status: "done", trackedMinutes: 35, currentSessionStartedAt: null, completedAt: iso(t.clock.now) });
    });

    it("done -> inprogress clears completedAt and counts another session", async () => {
      const task = await create(user, { title: "Again" });
      await patchOk(user, task.id, { status: "done" });
      advanceMinutes(5);
      const restarted = await patchOk(user, task.id, { status: "inprogress" });
      expect(restarted).toMatchObject({
        status: "inprogress",
        completedAt: null,
        startedAt: iso(t.clock.now),
        firstStartedAt: iso(t.clock.now),
        currentSessionStartedAt: iso(t.clock.now),
        workSessionCount: 1,
        trackedMinutes: 0,
      });
    });

    it("inprogress -> todo tracks the session; todo -> done directly tracks nothing", async () => {
      const task = await create(user, { title: "Back" });
      await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(7);
      expect(await patchOk(user, task.id, { status: "todo" })).toMatchObject({
        status: "todo",
        trackedMinutes: 7,
        currentSessionStartedAt: null,
      });
      advanceMinutes(30);
      expect(await patchOk(user, task.id, { status: "done" })).toMatchObject({
        status: "done",
        trackedMinutes: 7,
        completedAt: iso(t.clock.now),
      });
    });

    it("a PATCH with the same status changes no stamps", async () => {
      const task = await create(user, { title: "Steady" });
      const started = await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(10);
      const same = await patchOk(user, task.id, { status: "inprogress", title: "Steady on" });
      expect(same).toEqual({ ...started, title: "Steady on", updatedAt: iso(t.clock.now) });

      const done = await patchOk(user, task.id, { status: "done" });
      advanceMinutes(10);
      expect(await patchOk(user, task.id, { status: "done" })).toEqual({ ...done, updatedAt: iso(t.clock.now) });
    });

    it("Reschedule (date today, status todo) and Move to Today in one PATCH", async () => {
      const task = await create(user, { title: "Old", date: "2026-05-01" });
      await patchOk(user, task.id, { status: "stalled" });
      const moved = await patchOk(user, task.id, { status: "todo", date: "2026-05-04" });
      expect(moved).toMatchObject({ status: "todo", date: "2026-05-04", firstPlannedDate: "2026-05-01" });
      expect((await get(user, "/api/tasks?date=2026-05-04")).map((each) => each.id)).toEqual([task.id]);
    });
  });

  describe("GET /api/tasks/stalled: the stalled rule", () => {
    it("is not stalled at exactly 150% of the estimate and is stalled just past it", async () => {
      const task = await create(user, { title: "An hour", date: "2026-05-04", estimatedDuration: 60 });
      await patchOk(user, task.id, { status: "inprogress" });

      advanceMinutes(90);
      expect(await get(user, "/api/tasks/stalled")).toEqual([]);
      expect((await get(user, "/api/tasks?date=2026-05-04"))[0]).toMatchObject({ status: "inprogress" });

      t.clock.advance(1);
      const stalled = await get(user, "/api/tasks/stalled");
      expect(stalled).toHaveLength(1);
      expect(stalled[0]).toMatchObject({
        id: task.id,
        status: "stalled",
        currentSessionStartedAt: null,
        trackedMinutes: 90,
        workSessionCount: 1,
        firstStartedAt: iso(T0),
        updatedAt: iso(t.clock.now),
      });
      // The change is stored, not only reported.
      expect((await get(user, "/api/tasks?date=2026-05-04"))[0]).toEqual(stalled[0]);
    });

    it("uses 30 minutes without an estimate: stalled just past 45 minutes", async () => {
      const task = await create(user, { title: "No estimate" });
      await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(45);
      expect(await get(user, "/api/tasks/stalled")).toEqual([]);
      t.clock.advance(1);
      expect(await get(user, "/api/tasks/stalled")).toMatchObject([{ id: task.id, status: "stalled", trackedMinutes: 45 }]);
    });

    it("stops the tracked minutes at the stall deadline when read much later, and counts them once", async () => {
      const task = await create(user, { title: "Forgotten", estimatedDuration: 20 });
      await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(600);
      const [stalled] = await get(user, "/api/tasks/stalled");
      expect(stalled).toMatchObject({ id: task.id, status: "stalled", trackedMinutes: 30 });
      advanceMinutes(1);
      expect(await get(user, "/api/tasks/stalled")).toMatchObject([{ id: task.id, trackedMinutes: 30 }]);
    });

    it("stops the minutes at the deadline when a status change comes before the rule was applied", async () => {
      const done = await create(user, { title: "Finished late", estimatedDuration: 20 });
      const resumed = await create(user, { title: "Resumed late", estimatedDuration: 20 });
      const stalledByHand = await create(user, { title: "Stalled late", estimatedDuration: 20 });
      for (const task of [done, resumed, stalledByHand]) await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(600);
      expect(await patchOk(user, done.id, { status: "done" })).toMatchObject({
        status: "done",
        trackedMinutes: 30,
        completedAt: iso(t.clock.now),
      });
      expect(await patchOk(user, resumed.id, { status: "inprogress" })).toMatchObject({
        status: "inprogress",
        trackedMinutes: 30,
        workSessionCount: 2,
        currentSessionStartedAt: iso(t.clock.now),
      });
      expect(await patchOk(user, stalledByHand.id, { status: "stalled" })).toMatchObject({
        status: "stalled",
        trackedMinutes: 30,
        currentSessionStartedAt: null,
      });
    });

    it("Resume starts a new session; the new session is measured on its own", async () => {
      const task = await create(user, { title: "Resume me", estimatedDuration: 10 });
      await patchOk(user, task.id, { status: "inprogress" });
      advanceMinutes(16);
      await get(user, "/api/tasks/stalled");
      const resumed = await patchOk(user, task.id, { status: "inprogress" });
      expect(resumed).toMatchObject({
        status: "inprogress",
        workSessionCount: 2,
        trackedMinutes: 15,
        currentSessionStartedAt: iso(t.clock.now),
      });
      advanceMinutes(15);
      expect(await get(user, "/api/tasks/stalled")).toEqual([]);
      advanceMinutes(0, 1);
      expect(await get(user, "/api/tasks/stalled")).toMatchObject([{ id: task.id, workSessionCount: 2, trackedMinutes: 30 }]);
    });

    it("lists tasks stalled by hand too, oldest first, and leaves other statuses alone", async () => {
      const manual = await create(user, { title: "Manual" });
      await patchOk(user, manual.id, { status: "stalled" });
      advanceMinutes(1);
      const running = await create(user, { title: "Running", estimatedDuration: 5 });
      await patchOk(user, running.id, { status: "inprogress" });
      const todo = await create(user, { title: "Todo", estimatedDuration: 5 });
      const done = await create(user, { title: "Done", estimatedDuration: 5 });
      await patchOk(user, done.id, { status: "done" });
      advanceMinutes(8);
      const stalled = await get(user, "/api/tasks/stalled");
      expect(stalled.map((task) => task.title)).toEqual(["Manual", "Running"]);
      const future = await get(user, "/api/tasks/future?startDate=2026-05-05&endDate=2026-05-06");
      expect(future.find((task) => task.id === todo.id)?.status).toBe("todo");
      expect(future.find((task) => task.id === done.id)?.status).toBe("done");
    });
  });

  describe("the scheduler's stalled rule (jobs/stalled-sessions.job.ts)", () => {
    it("stalls every user's task past its deadline without anyone reading the stalled list, and only those", async () => {
      const other = await signInTestUser(t.app);
      const hour = await create(user, { title: "An hour", date: "2026-05-04", estimatedDuration: 60 });
      const long = await create(user, { title: "A long one", date: "2026-05-04", estimatedDuration: 480 });
      const short = await create(other, { title: "Ten minutes", date: "2026-05-04", estimatedDuration: 10 });
      for (const [owner, task] of [
        [user, hour],
        [user, long],
        [other, short],
      ] as const)
        await patchOk(owner, task.id, { status: "inprogress" });
      // The day's answer is kept from here (the user-data cache): the stall must replace it.
      expect((await get(user, "/api/tasks?date=2026-05-04")).map((task) => task.status)).toEqual(["inprogress", "inprogress"]);

      advanceMinutes(90);
      await t.app.stalledSessions.stallOverdueSessions();
      // Created at the same instant, the day's two tasks come in either order.
      const dayOf = async (owner: SignedInUser) =>
        Object.fromEntries((await get(owner, "/api/tasks?date=2026-05-04")).map((task) => [task.id, task]));
      expect(await dayOf(user)).toMatchObject({ [hour.id]: { status: "inprogress" }, [long.id]: { status: "inprogress" } });
      expect(await get(other, "/api/tasks?date=2026-05-04")).toMatchObject([{ id: short.id, status: "stalled", trackedMinutes: 15 }]);

      t.clock.advance(1);
      expect(await t.app.stalledSessions.stallOverdueSessions()).toBeGreaterThanOrEqual(1);
      expect(await dayOf(user)).toMatchObject({
        [hour.id]: { status: "stalled", trackedMinutes: 90, currentSessionStartedAt: null, updatedAt: iso(t.clock.now) },
        [long.id]: { status: "inprogress", trackedMinutes: 0 },
      });
      // Applied once: the stalled list and a second tick find nothing more to do.
      expect(await t.app.stalledSessions.stallOverdueSessions()).toBe(0);
      expect(await get(user, "/api/tasks/stalled")).toMatchObject([{ id: hour.id, trackedMinutes: 90 }]);
    });
  });

  describe("GET /api/tasks/future", () => {
    it("returns unscheduled, in-range and overdue-incomplete tasks, in order", async () => {
      const titles = async (url: string) => (await get(user, url)).map((task) => task.title);
      await create(user, { title: "In range, later", date: "2026-06-03" });
      await create(user, { title: "In range, first", date: "2026-05-05" });
      await create(user, { title: "Unscheduled" });
      await create(user, { title: "Today (before the range)", date: "2026-05-04" });
      await create(user, { title: "After the range", date: "2026-06-04" });
      await create(user, { title: "Overdue todo", date: "2026-05-01" });
      const overdueInProgress = await create(user, { title: "Overdue in progress", date: "2026-05-02" });
      await patchOk(user, overdueInProgress.id, { status: "inprogress" });
      const overdueStalled = await create(user, { title: "Overdue stalled", date: "2026-04-20" });
      await patchOk(user, overdueStalled.id, { status: "stalled" });
      const overdueDone = await create(user, { title: "Overdue done", date: "2026-05-03" });
      await patchOk(user, overdueDone.id, { status: "done" });
      const inRangeDone = await create(user, { title: "In range, done", date: "2026-05-10" });
      await patchOk(user, inRangeDone.id, { status: "done" });

      expect(await titles("/api/tasks/future?startDate=2026-05-05&endDate=2026-06-03")).toEqual([
        "Unscheduled",
        "Overdue stalled",
        "Overdue todo",
        "Overdue in progress",
        "In range, first",
        "In range, done",
        "In range, later",
      ]);
    });

    it("lists overdue tasks of the last 30 days only, however many older ones there are", async () => {
      await create(user, { title: "Overdue 30 days", date: "2026-04-04" });
      for (let i = 0; i < 5; i++) await create(user, { title: `Older ${i}`, date: "2026-04-03" });
      const url = "/api/tasks/future?startDate=2026-05-05&endDate=2026-06-03";
      expect((await get(user, url)).map((task) => task.title)).toEqual(["Overdue 30 days"]);
      // A later read is the same answer, and the day rolling over moves the window.
      expect((await get(user, url)).map((task) => task.title)).toEqual(["Overdue 30 days"]);
      t.clock.now = new Date("2026-05-05T15:00:00.000Z");
      expect(await get(user, url)).toEqual([]);
    });

    it("computes 'today' (what is overdue) in the user's time zone", async () => {
      // 2026-05-04T15:00Z is 2026-05-05 03:00 in Auckland: 2026-05-04 is already past there.
      const auckland = await signInTestUser(t.app, { timeZone: "Pacific/Auckland" });
      const losAngeles = await signInTestUser(t.app, { timeZone: "America/Los_Angeles" });
      for (const owner of [auckland, losAngeles]) await create(owner, { title: "Dated 2026-05-04", date: "2026-05-04" });
      const url = "/api/tasks/future?startDate=2026-05-06&endDate=2026-06-04";
      expect(await get(user, url)).toEqual([]);
      expect((await get(auckland, url)).map((task) => task.title)).toEqual(["Dated 2026-05-04"]);
      expect(await get(losAngeles, url)).toEqual([]);
    });

    it("validates the window", async () => {
      const ask = (query: string) => t.app.inject({ url: `/api/tasks/future?${query}`, headers: reading(user) });
      expectValidationError(await ask("startDate=2026-02-30&endDate=2026-03-05"), "startDate: must be a calendar date yyyy-MM-dd");
      expectValidationError(await ask("startDate=2026-03-01"), "endDate: must be a calendar date yyyy-MM-dd");
      expectValidationError(await ask("startDate=2026-03-05&endDate=2026-03-04"), "endDate: must not be before startDate");
      expectValidationError(await ask("startDate=2026-01-01&endDate=2027-01-03"), "endDate: must be at most 366 days after startDate");
      expect((await ask("startDate=2026-01-01&endDate=2027-01-02")).statusCode).toBe(200);
      expect((await ask("startDate=2026-03-05&endDate=2026-03-05")).statusCode).toBe(200);
    });
  });

  describe("GET /api/tasks/stats", () => {
    it("counts the day's tasks and those that arrived by rollover", async () => {
      expect(await get(user, "/api/tasks/stats?date=2026-05-04")).toEqual({ totalTasks: 0, rolledOver: 0, closed: false, movedOn: 0 });
      const rolled = await create(user, { title: "Rolled", date: "2026-05-04" });
      const rolledDone = await create(user, { title: "Rolled and done", date: "2026-05-04" });
      await create(user, { title: "Fresh", date: "2026-05-04" });
      await create(user, { title: "Other day", date: "2026-05-05" });
      // Rollover is another module's; mark the arrivals as it would.
      await t.db.kysely
        .updateTable("tasks")
        .set({ rolledOverFromDate: "2026-05-03", rolloverCount: 1 })
        .where("id", "in", [rolled.id, rolledDone.id])
        .execute();
      await patchOk(user, rolledDone.id, { status: "done" });
      expect(await get(user, "/api/tasks/stats?date=2026-05-04")).toEqual({ totalTasks: 3, rolledOver: 2, closed: false, movedOn: 0 });
      expect(await get(user, "/api/tasks/stats?date=2026-05-05")).toEqual({ totalTasks: 1, rolledOver: 0, closed: false, movedOn: 0 });
      const day = await get(user, "/api/tasks?date=2026-05-04");
      expect(day.find((task) => task.id === rolled.id)).toMatchObject({ rolledOverFromDate: "2026-05-03", rolloverCount: 1 });

      // Moved by hand to another day, it no longer counts as rolled over there (nor here); its count stays.
      expect(await patchOk(user, rolled.id, { date: "2026-05-05" })).toMatchObject({ rolledOverFromDate: null, rolloverCount: 1 });
      expect(await get(user, "/api/tasks/stats?date=2026-05-05")).toEqual({ totalTasks: 2, rolledOver: 0, closed: false, movedOn: 0 });
      expect(await get(user, "/api/tasks/stats?date=2026-05-04")).toEqual({ totalTasks: 2, rolledOver: 1, closed: false, movedOn: 0 });
      // A change that keeps the day keeps the mark.
      expect(await patchOk(user, rolledDone.id, { date: "2026-05-04", title: "Still rolled" })).toMatchObject({
        rolledOverFromDate: "2026-05-03",
      });
    });

    it("validates the date", async () => {
      expectValidationError(
        await t.app.inject({ url: "/api/tasks/stats?date=2026-13-01", headers: reading(user) }),
        "date: must be a calendar date yyyy-MM-dd",
      );
    });
  });
  // Decision 024: a column by start time (none last), then the position set by dragging.
  describe("the order within a day", () => {
    const day = "2026-05-04";
    const titles = (tasks: readonly Task[]) => tasks.map((task) => task.title);

    it("puts a new task last in its column: one step past its day's largest position, unscheduled ones apart", async () => {
      const first = await create(user, { title: "First", date: day });
      const second = await create(user, { title: "Second", date: day });
      await patchOk(user, first.id, { position: 10.25 });
      const third = await create(user, { title: "Third", date: day });
      const unscheduled = await create(user, { title: "Someday" });
      const elsewhere = await create(user, { title: "Tomorrow", date: "2026-05-05" });
      expect([first.position, second.position, third.position]).toEqual([1, 2, 11.25]);
      expect([unscheduled.position, elsewhere.position]).toEqual([1, 1]);
      expect(titles(await get(user, `/api/tasks?date=${day}`))).toEqual(["Second", "First", "Third"]);
      // Another user's positions do not count.
      const other = await signInTestUser(t.app, { name: "Other" });
      expect((await create(other, { title: "Theirs", date: day })).position).toBe(1);
    });

    it("puts a batch (the goal breakdown's) last, in the order given, each day's after that day's tasks", async () => {
      await create(user, { title: "Already there", date: day });
      const service = tasksService({ kysely: t.db.kysely, dialect, now: () => t.clock.now });
      const bodies = [
        { title: "Step one", date: day },
        { title: "Step two", date: "2026-05-05" },
        { title: "Step three", date: day },
      ];
      const created = await service.createTasks(user.userId, bodies);
      expect(created.map((task) => task.position)).toEqual([2, 1, 3]);
      expect(titles(await get(user, `/api/tasks?date=${day}`))).toEqual(["Already there", "Step one", "Step three"]);
    });

    it("accepts a position on create and on update, answers it in every list, and refuses a non-finite one", async () => {
      const task = await create(user, { title: "Placed", date: day, position: -2.5 });
      expect(task.position).toBe(-2.5);
      expect((await patchOk(user, task.id, { position: 1e-9 })).position).toBe(1e-9);
      expect((await get(user, `/api/tasks?date=${day}`))[0]!.position).toBe(1e-9);
      expect((await get(user, `/api/tasks/future?startDate=2026-05-01&endDate=2026-05-10`))[0]!.position).toBe(1e-9);
      expect((await get(user, `/api/tasks/search?q=placed`))[0]!.position).toBe(1e-9);

      for (const payload of ['{"position":1e999}', '{"position":-1e999}', '{"position":"1"}', '{"position":null}']) {
        const created = await t.app.inject({
          method: "POST",
          url: "/api/tasks",
          headers: { ...writing(user), "content-type": "application/json" },
          payload: payload.replace("{", '{"title":"Bad",'),
        });
        expectValidationError(created, "position");
        const updated = await t.app.inject({
          method: "PATCH",
          url: `/api/tasks/${task.id}`,
          headers: { ...writing(user), "content-type": "application/json" },
          payload,
        });
        expectValidationError(updated, "position");
      }
      expect((await get(user, `/api/tasks?date=${day}`)).map((item) => item.position)).toEqual([1e-9]);
    });

    it("lists a day by start time, earliest first, then by position: a 9:30 task below a 9:00 one made after it", async () => {
      const late = await create(user, { title: "Half past nine", date: day, scheduledStartTime: "09:30" });
      const loose = await create(user, { title: "Whenever", date: day });
      const early = await create(user, { title: "Nine", date: day, scheduledStartTime: "09:00" });
      const looser = await create(user, { title: "Whenever too", date: day });
      expect(titles(await get(user, `/api/tasks?date=${day}`))).toEqual(["Nine", "Half past nine", "Whenever", "Whenever too"]);

      // A drop between "Nine" and "Half past nine" cannot lift a task without a time above them;
      // among tasks without one, the position decides.
      await patchOk(user, looser.id, { position: loose.position - 0.5 });
      // The same start time: the position decides there too.
      await patchOk(user, early.id, { scheduledStartTime: "09:30", position: late.position + 0.5 });
      expect(titles(await get(user, `/api/tasks?date=${day}`))).toEqual(["Half past nine", "Nine", "Whenever too", "Whenever"]);
      // Every list orders a day alike: the future list (unscheduled first, then by day) and search.
      expect(titles(await get(user, `/api/tasks/future?startDate=2026-05-01&endDate=2026-05-10`))).toEqual([
        "Half past nine",
        "Nine",
        "Whenever too",
        "Whenever",
      ]);
      expect(titles(await get(user, `/api/tasks/search?q=${encodeURIComponent("n")}`))).toEqual(
        ["Half past nine", "Nine", "Whenever too", "Whenever"].filter((title) => /\bn/i.test(title)),
      );
    });

    it("moves a card to another column and place in one PATCH, and a task moved to another day goes last there", async () => {
      const a = await create(user, { title: "A", date: day });
      const b = await create(user, { title: "B", date: day });
      await patchOk(user, b.id, { status: "inprogress" });
      const moved = await patchOk(user, a.id, { status: "inprogress", position: b.position - 1 });
      expect(moved).toMatchObject({ status: "inprogress", position: b.position - 1, workSessionCount: 1 });
      expect(titles(await get(user, `/api/tasks?date=${day}`))).toEqual(["A", "B"]);

      const there = await create(user, { title: "There", date: "2026-05-06" });
      await patchOk(user, there.id, { position: 40 });
      expect((await patchOk(user, b.id, { date: "2026-05-06" })).position).toBe(41);
      // With a place given, the place is kept.
      expect((await patchOk(user, a.id, { date: "2026-05-06", position: 0.5 })).position).toBe(0.5);
      expect(titles(await get(user, "/api/tasks?date=2026-05-06"))).toEqual(["A", "There", "B"]);
    });

    it("answers 404 to a position change of another user's task, changing nothing", async () => {
      const task = await create(user, { title: "Mine", date: day });
      const other = await signInTestUser(t.app, { name: "Other" });
      const response = await patch(other, task.id, { position: -100 });
      expect(response.statusCode).toBe(404);
      expect((await get(user, `/api/tasks?date=${day}`))[0]!.position).toBe(task.position);
    });
  });
});
