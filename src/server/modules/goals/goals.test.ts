import { randomUUID } from "node:crypto";
import { type KyselyPlugin, sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Goal } from "../../../shared/api/goals.ts";
import type { TaskStatus } from "../../db/schema.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { goalsService } from "./goals.service.ts";

const START = new Date("2026-03-10T09:00:00.000Z");

describeEachDatabase("goals API", (dialect) => {
  let t: TestApp;
  let alice: SignedInUser;
  let bob: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: START });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Fresh users per test, so every test starts with no goals.
    alice = await signInTestUser(t.app, { name: "Alice" });
    bob = await signInTestUser(t.app, { name: "Bob" });
  });

  async function createGoal(user: SignedInUser, payload: Record<string, unknown>) {
    return t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload });
  }

  async function createGoalOk(user: SignedInUser, payload: Record<string, unknown>): Promise<Goal> {
    const response = await createGoal(user, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  async function listGoals(user: SignedInUser): Promise<Goal[]> {
    const response = await t.app.inject({ url: "/api/goals", headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  async function updateGoal(user: SignedInUser, id: string, payload: Record<string, unknown>) {
    return t.app.inject({ method: "PUT", url: `/api/goals/${id}`, headers: user.mutatingHeaders, payload });
  }

  async function deleteGoal(user: SignedInUser, id: string) {
    return t.app.inject({ method: "DELETE", url: `/api/goals/${id}`, headers: user.mutatingHeaders });
  }

  /**
   * Tasks are written directly: the goals API must not depend on the tasks API. Like every task
   * write, the insert adds to the owner's goal's stored counts in the same transaction.
   */
  async function insertTask(user: SignedInUser, goalId: string | null, status: TaskStatus): Promise<string> {
    const id = randomUUID();
    const at = START.toISOString();
    await t.app.db.kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto("tasks")
        .values({ id, userId: user.userId, goalId, title: `Task ${status}`, status, createdAt: at, updatedAt: at })
        .execute();
      if (goalId === null) return;
      await trx
        .updateTable("goals")
        .set((eb) => ({
          totalTasksCount: eb("totalTasksCount", "+", 1),
          completedTasksCount: eb("completedTasksCount", "+", status === "done" ? 1 : 0),
        }))
        .where("id", "=", goalId)
        .where("userId", "=", user.userId)
        .execute();
    });
    return id;
  }

  /** The counts as the tasks table says now, per goal of the user (what the stored ones must equal). */
  async function aggregateCounts(user: SignedInUser): Promise<Record<string, { completed: number; total: number }>> {
    const rows = await t.app.db.kysely
      .selectFrom("goals")
      .leftJoin("tasks", (join) => join.onRef("tasks.goalId", "=", "goals.id").onRef("tasks.userId", "=", "goals.userId"))
      .select([
        "goals.id",
        sql<number>`cast(count(${sql.ref("tasks.id")}) as integer)`.as("total"),
        sql<number>`cast(coalesce(sum(case when ${sql.ref("tasks.status")} = 'done' then 1 else 0 end), 0) as integer)`.as("completed"),
      ])
      .where("goals.userId", "=", user.userId)
      .groupBy("goals.id")
      .execute();
    return Object.fromEntries(rows.map((row) => [row.id, { completed: Number(row.completed), total: Number(row.total) }]));
  }

  async function readTask(id: string) {
    return t.app.db.kysely.selectFrom("tasks").select(["id", "goalId", "updatedAt"]).where("id", "=", id).executeTakeFirst();
  }

  describe("access", () => {
    it("answers 401 to a signed-out caller", async () => {
      const response = await t.app.inject({ url: "/api/goals" });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Not signed in", code: "unauthorized" });
    });

    it("refuses a change without the CSRF header", async () => {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/goals",
        headers: alice.headers,
        payload: { title: "Forged" },
      });
      expect(response.statusCode).toBe(403);
      expect(await listGoals(alice)).toEqual([]);
    });
  });

  describe("POST /api/goals", () => {
    it("creates a goal with defaults: trimmed title, no description or target date, active, no progress", async () => {
      const response = await createGoal(alice, { title: "  Run a marathon  " });
      expect(response.statusCode).toBe(201);
      const goal = response.json();
      expect(goal).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        title: "Run a marathon",
        description: null,
        targetDate: null,
        status: "active",
        createdAt: START.toISOString(),
        updatedAt: START.toISOString(),
        completedTasksCount: 0,
        totalTasksCount: 0,
        progressPercentage: 0,
      });
      expect(await listGoals(alice)).toEqual([goal]);
    });

    it("stores every field, and answers only the contract's fields", async () => {
      const goal = await createGoalOk(alice, {
        title: "Learn Spanish",
        description: "  B1 by summer\nwith a tutor ",
        targetDate: "2026-06-30",
        status: "paused",
      });
      expect(goal).toMatchObject({
        title: "Learn Spanish",
        description: "  B1 by summer\nwith a tutor ",
        targetDate: "2026-06-30",
        status: "paused",
      });
      expect(goal).not.toHaveProperty("userId");
    });

    it("stores an empty or blank description and an empty target date as null", async () => {
      for (const payload of [
        { title: "A", description: "", targetDate: "" },
        { title: "B", description: "   ", targetDate: null },
        { title: "C", description: null },
      ]) {
        const goal = await createGoalOk(alice, payload);
        expect(goal.description).toBeNull();
        expect(goal.targetDate).toBeNull();
      }
    });

    it("accepts a leap day and 200-character titles", async () => {
      expect((await createGoalOk(alice, { title: "x".repeat(200), targetDate: "2028-02-29" })).targetDate).toBe("2028-02-29");
      expect((await createGoalOk(alice, { title: "Done", status: "completed" })).status).toBe("completed");
    });

    it.each([
      ["a missing title", {}, "title: Goal title is required"],
      ["an empty title", { title: "" }, "title: Goal title is required"],
      ["a blank title", { title: "   " }, "title: Goal title is required"],
      ["a number as title", { title: 42 }, "title: must be text"],
      ["a 201-character title", { title: "T".repeat(201) }, "title: must be at most 200 characters"],
      ["a 5001-character description", { title: "Ok", description: "D".repeat(5001) }, "description: must be at most 5000 characters"],
      ["February 30", { title: "Ok", targetDate: "2026-02-30" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      ["February 29 of a common year", { title: "Ok", targetDate: "2025-02-29" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      ["month 13", { title: "Ok", targetDate: "2026-13-01" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      ["an unpadded date", { title: "Ok", targetDate: "2026-3-1" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      ["an instant", { title: "Ok", targetDate: "2026-03-01T00:00:00Z" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      ["an unknown status", { title: "Ok", status: "done" }, "status: must be one of active, paused, completed"],
      ["an unknown field", { title: "Ok", userId: "someone-else" }, "userId"],
    ])("refuses %s with 400", async (_case, payload, message) => {
      const response = await createGoal(alice, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().message).toContain(message);
      expect(await listGoals(alice)).toEqual([]);
    });
  });

  describe("GET /api/goals", () => {
    it("lists only the caller's goals, newest first", async () => {
      const first = await createGoalOk(alice, { title: "First" });
      t.clock.advance(60_000);
      const second = await createGoalOk(alice, { title: "Second" });
      t.clock.advance(60_000);
      const third = await createGoalOk(alice, { title: "Third" });
      const bobs = await createGoalOk(bob, { title: "Bob's" });

      expect((await listGoals(alice)).map((goal) => goal.id)).toEqual([third.id, second.id, first.id]);
      expect((await listGoals(bob)).map((goal) => goal.id)).toEqual([bobs.id]);
    });

    it("counts linked tasks in every status, and only done ones as completed", async () => {
      const goal = await createGoalOk(alice, { title: "With tasks" });
      const empty = await createGoalOk(alice, { title: "No tasks" });
      for (const status of ["todo", "todo", "inprogress", "stalled", "done", "done", "done"] as const) {
        await insertTask(alice, goal.id, status);
      }
      // Neither Alice's unlinked tasks nor another user's tasks count, even one pointing at her goal.
      await insertTask(alice, null, "done");
      await insertTask(bob, goal.id, "done");
      await insertTask(bob, empty.id, "todo");

      const goals = await listGoals(alice);
      expect(goals.find((g) => g.id === goal.id)).toMatchObject({
        completedTasksCount: 3,
        totalTasksCount: 7,
        progressPercentage: 3 / 7,
      });
      expect(goals.find((g) => g.id === empty.id)).toMatchObject({
        completedTasksCount: 0,
        totalTasksCount: 0,
        progressPercentage: 0,
      });
    });

    it("answers numbers for the counts, and 1 when every task is done", async () => {
      const goal = await createGoalOk(alice, { title: "All done" });
      await insertTask(alice, goal.id, "done");
      await insertTask(alice, goal.id, "done");
      // toEqual compares types too: "2" from a PostgreSQL bigint would fail.
      expect(await listGoals(alice)).toEqual([{ ...goal, completedTasksCount: 2, totalTasksCount: 2, progressPercentage: 1 }]);
    });

    it("computes the counts of every goal in one query", async () => {
      for (let index = 0; index < 5; index += 1) {
        const goal = await createGoalOk(alice, { title: `Goal ${index}` });
        await insertTask(alice, goal.id, index % 2 === 0 ? "done" : "todo");
      }
      let queries = 0;
      // transformResult runs once per executed statement (transformQuery also runs for subqueries).
      const countQueries: KyselyPlugin = {
        transformQuery: (args) => args.node,
        transformResult: async (args) => {
          queries += 1;
          return args.result;
        },
      };
      const service = goalsService({ kysely: t.app.db.kysely.withPlugin(countQueries), dialect: t.app.db.dialect, now: () => t.clock.now });
      const goals = await service.listGoals(alice.userId);
      expect(goals).toHaveLength(5);
      expect(goals.map((goal) => goal.completedTasksCount).sort()).toEqual([0, 0, 1, 1, 1]);
      expect(queries).toBe(1);
    });
  });

  describe("stored task counts", () => {
    it("stay equal to a fresh count as tasks are created, moved, completed, reopened and deleted through the API", async () => {
      const [first, second, third] = [
        await createGoalOk(alice, { title: "First" }),
        await createGoalOk(alice, { title: "Second" }),
        await createGoalOk(alice, { title: "Third" }),
      ];
      const bobsGoal = await createGoalOk(bob, { title: "Bob's" });
      const tasks = (method: string, url: string, payload?: Record<string, unknown>) =>
        t.app.inject({ method: method as "POST", url, headers: alice.mutatingHeaders, ...(payload ? { payload } : {}) });
      const create = async (payload: Record<string, unknown>) => {
        const response = await tasks("POST", "/api/tasks", { date: "2026-03-10", ...payload });
        expect(response.statusCode, response.body).toBe(201);
        return response.json().id as string;
      };
      const patch = async (id: string, payload: Record<string, unknown>, status = 200) => {
        const response = await tasks("PATCH", `/api/tasks/${id}`, payload);
        expect(response.statusCode, response.body).toBe(status);
      };
      const expectCounts = async (expected: Record<string, [completed: number, total: number]>) => {
        const listed = await listGoals(alice);
        const stored = Object.fromEntries(listed.map((g) => [g.id, { completed: g.completedTasksCount, total: g.totalTasksCount }]));
        expect(stored).toEqual(await aggregateCounts(alice));
        for (const [id, [completed, total]] of Object.entries(expected)) expect(stored[id]).toEqual({ completed, total });
        for (const goal of listed) {
          expect(goal.progressPercentage).toBe(goal.totalTasksCount === 0 ? 0 : goal.completedTasksCount / goal.totalTasksCount);
        }
      };

      const a = await create({ title: "A", goalId: first.id });
      const b = await create({ title: "B", goalId: first.id });
      const c = await create({ title: "C", goalId: second.id });
      const loose = await create({ title: "Loose" });
      await expectCounts({ [first.id]: [0, 2], [second.id]: [0, 1], [third.id]: [0, 0] });

      await patch(a, { status: "inprogress" });
      await patch(a, { status: "done" });
      await expectCounts({ [first.id]: [1, 2] });
      // Another field only, and done again: nothing moves.
      await patch(a, { title: "A renamed" });
      await patch(a, { status: "done" });
      await expectCounts({ [first.id]: [1, 2] });

      // A done task moves to another goal, and is reopened there.
      await patch(a, { goalId: second.id });
      await expectCounts({ [first.id]: [0, 1], [second.id]: [1, 2] });
      await patch(a, { status: "todo" });
      await expectCounts({ [second.id]: [0, 2] });

      // Moved and completed in one change; unlinked; linked from nothing.
      await patch(b, { goalId: third.id, status: "done" });
      await expectCounts({ [first.id]: [0, 0], [third.id]: [1, 1] });
      await patch(b, { goalId: null });
      await expectCounts({ [third.id]: [0, 0] });
      await patch(loose, { goalId: third.id, status: "done" });
      await expectCounts({ [third.id]: [1, 1] });

      // Refused changes change nothing: another user's goal, an unknown task.
      await patch(c, { goalId: bobsGoal.id }, 404);
      await patch(randomUUID(), { goalId: first.id }, 404);
      expect((await tasks("POST", "/api/tasks", { title: "Stray", goalId: bobsGoal.id })).statusCode).toBe(404);
      await expectCounts({ [first.id]: [0, 0], [second.id]: [0, 2], [third.id]: [1, 1] });
      expect((await listGoals(bob))[0]).toMatchObject({ completedTasksCount: 0, totalTasksCount: 0 });

      await patch(c, { status: "done" });
      expect((await tasks("DELETE", `/api/tasks/${c}`)).statusCode).toBe(200);
      expect((await tasks("DELETE", `/api/tasks/${loose}`)).statusCode).toBe(200);
      await expectCounts({ [second.id]: [0, 1], [third.id]: [0, 0] });

      // Deleting a goal unlinks its tasks; the other goals keep their counts.
      await patch(b, { goalId: first.id, status: "done" });
      await expectCounts({ [first.id]: [1, 1], [second.id]: [0, 1] });
      expect((await deleteGoal(alice, first.id)).statusCode).toBe(200);
      await expectCounts({ [second.id]: [0, 1], [third.id]: [0, 0] });
      await patch(b, { goalId: third.id });
      await expectCounts({ [second.id]: [0, 1], [third.id]: [1, 1] });
    });

    it("stay right under concurrent changes to the same goal", async () => {
      const goal = await createGoalOk(alice, { title: "Busy" });
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, index) =>
          t.app.inject({
            method: "POST",
            url: "/api/tasks",
            headers: alice.mutatingHeaders,
            payload: { title: `Task ${index}`, goalId: goal.id },
          }),
        ),
      );
      const ids = created.map((response) => response.json().id as string);
      await Promise.all(
        ids.map((id, index) =>
          index % 2 === 0
            ? t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: alice.mutatingHeaders, payload: { status: "done" } })
            : t.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: alice.mutatingHeaders }),
        ),
      );
      const [listed] = await listGoals(alice);
      expect(listed).toMatchObject({ completedTasksCount: 4, totalTasksCount: 4 });
      expect(await aggregateCounts(alice)).toEqual({ [goal.id]: { completed: 4, total: 4 } });
    });
  });

  describe("PUT /api/goals/{id}", () => {
    it("replaces the fields, trims the title, stamps updatedAt and answers the progress", async () => {
      const goal = await createGoalOk(alice, { title: "Old", description: "Old text", targetDate: "2026-04-01" });
      await insertTask(alice, goal.id, "done");
      await insertTask(alice, goal.id, "todo");
      t.clock.advance(5 * 60_000);

      const response = await updateGoal(alice, goal.id, {
        title: "  New  ",
        description: "New text",
        targetDate: "2026-05-01",
        status: "paused",
      });
      expect(response.statusCode).toBe(200);
      const updated = {
        ...goal,
        title: "New",
        description: "New text",
        targetDate: "2026-05-01",
        status: "paused",
        updatedAt: t.clock.now.toISOString(),
        completedTasksCount: 1,
        totalTasksCount: 2,
        progressPercentage: 0.5,
      };
      expect(response.json()).toEqual(updated);
      expect(await listGoals(alice)).toEqual([updated]);
    });

    it("clears description and target date with null or an empty string, and keeps omitted fields", async () => {
      const goal = await createGoalOk(alice, {
        title: "Keep",
        description: "Text",
        targetDate: "2026-04-01",
        status: "paused",
      });
      const renamed = (await updateGoal(alice, goal.id, { title: "Renamed" })).json();
      expect(renamed).toMatchObject({ title: "Renamed", description: "Text", targetDate: "2026-04-01", status: "paused" });

      const cleared = (await updateGoal(alice, goal.id, { title: "Renamed", description: "", targetDate: null })).json();
      expect(cleared).toMatchObject({ description: null, targetDate: null, status: "paused" });

      const refilled = (await updateGoal(alice, goal.id, { title: "Renamed", description: "Again", targetDate: "2026-04-02" })).json();
      expect(refilled).toMatchObject({ description: "Again", targetDate: "2026-04-02" });
      const clearedAgain = (await updateGoal(alice, goal.id, { title: "Renamed", description: null, targetDate: "" })).json();
      expect(clearedAgain).toMatchObject({ description: null, targetDate: null });
    });

    it.each([
      [{}, "title: Goal title is required"],
      [{ title: "  " }, "title: Goal title is required"],
      [{ title: "Ok", targetDate: "2026-02-30" }, "targetDate: must be a calendar date yyyy-MM-dd"],
      [{ title: "Ok", status: "archived" }, "status: must be one of active, paused, completed"],
      [{ title: "Ok", progressPercentage: 1 }, "progressPercentage"],
    ])("refuses %j with 400 (%s) and changes nothing", async (payload, message) => {
      const goal = await createGoalOk(alice, { title: "Unchanged" });
      const response = await updateGoal(alice, goal.id, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().message).toContain(message);
      expect(await listGoals(alice)).toEqual([goal]);
    });

    it("answers 404 for another user's goal and for an unknown id, and changes nothing", async () => {
      const bobs = await createGoalOk(bob, { title: "Bob's goal" });
      const response = await updateGoal(alice, bobs.id, { title: "Taken over" });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
      expect(await listGoals(bob)).toEqual([bobs]);

      const unknown = await updateGoal(alice, randomUUID(), { title: "Nobody's" });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toEqual({ message: "Goal not found", code: "not_found" });
    });
  });

  describe("DELETE /api/goals/{id}", () => {
    it("deletes the goal and keeps its tasks, unlinked, in the same change", async () => {
      const goal = await createGoalOk(alice, { title: "Going" });
      const other = await createGoalOk(alice, { title: "Staying" });
      const linked = [await insertTask(alice, goal.id, "done"), await insertTask(alice, goal.id, "todo")];
      const untouched = await insertTask(alice, other.id, "inprogress");
      t.clock.advance(60_000);

      const response = await deleteGoal(alice, goal.id);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });

      expect((await listGoals(alice)).map((g) => g.id)).toEqual([other.id]);
      for (const id of linked) {
        // updatedAt moves: the service unlinks explicitly rather than relying on the foreign key.
        expect(await readTask(id)).toEqual({ id, goalId: null, updatedAt: t.clock.now.toISOString() });
      }
      expect(await readTask(untouched)).toEqual({ id: untouched, goalId: other.id, updatedAt: START.toISOString() });
      expect((await listGoals(alice))[0]).toMatchObject({ completedTasksCount: 0, totalTasksCount: 1 });

      const again = await deleteGoal(alice, goal.id);
      expect(again.statusCode).toBe(404);
    });

    it("answers 404 for another user's goal and leaves it and its tasks alone", async () => {
      const bobs = await createGoalOk(bob, { title: "Bob's goal" });
      const task = await insertTask(bob, bobs.id, "todo");
      // A task of Alice's pointing at Bob's goal (only bad data could do that): the refused delete
      // must roll back its unlinking too.
      const strayTask = await insertTask(alice, bobs.id, "todo");
      const response = await deleteGoal(alice, bobs.id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
      expect((await listGoals(bob)).map((g) => g.id)).toEqual([bobs.id]);
      expect((await readTask(task))?.goalId).toBe(bobs.id);
      expect((await readTask(strayTask))?.goalId).toBe(bobs.id);
    });
  });

  describe("NUL characters (PostgreSQL cannot store them): the same answer on both databases", () => {
    it("refuses them in a title or description with a 400 naming the field", async () => {
      for (const payload of [{ title: "a\u0000" }, { title: "ok", description: "b\u0000" }]) {
        const response = await createGoal(alice, payload);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toContain(Object.keys(payload).at(-1)!);
        expect(response.json().message).toContain("NUL");
      }
      expect(await listGoals(alice)).toEqual([]);
    });

    it("answers 404 to an id that holds one", async () => {
      const update = await t.app.inject({ method: "PUT", url: "/api/goals/%00", headers: alice.mutatingHeaders, payload: { title: "x" } });
      const remove = await t.app.inject({ method: "DELETE", url: "/api/goals/a%00b", headers: alice.mutatingHeaders });
      for (const response of [update, remove]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json()).toEqual({ message: "Goal not found", code: "not_found" });
      }
    });
  });
});
