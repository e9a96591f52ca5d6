import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const T0 = new Date("2026-05-04T09:00:00.000Z");

describeEachDatabase("task search", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    user = await signInTestUser(t.app);
  });

  async function create(owner: SignedInUser, payload: Record<string, unknown>): Promise<Task> {
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers: owner.mutatingHeaders, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function search(owner: SignedInUser, query: string) {
    return t.app.inject({ method: "GET", url: `/api/tasks/search?${query}`, headers: owner.headers });
  }
  async function titlesFound(owner: SignedInUser, q: string, limit?: number): Promise<string[]> {
    const response = await search(owner, new URLSearchParams({ q, ...(limit ? { limit: String(limit) } : {}) }).toString());
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Task[]).map((task) => task.title);
  }

  it("finds tasks of any day, and unscheduled ones, by the start of each word, newest day first", async () => {
    await create(user, { title: "Write the quarterly report", date: "2026-05-01" });
    await create(user, { title: "Report the bug", date: "2026-05-10" });
    await create(user, { title: "Reply to Anna", date: "2026-05-04" });
    await create(user, { title: "Reporting ideas" });
    await create(user, { title: "Café menu" });

    expect(await titlesFound(user, "rep")).toEqual(["Report the bug", "Reply to Anna", "Write the quarterly report", "Reporting ideas"]);
    expect(await titlesFound(user, "REPORT")).toEqual(["Report the bug", "Write the quarterly report", "Reporting ideas"]);
    expect(await titlesFound(user, "report qua")).toEqual(["Write the quarterly report"]);
    expect(await titlesFound(user, "cafe")).toEqual(["Café menu"]);
    expect(await titlesFound(user, "port")).toEqual([]); // the start of a word, not the middle
    expect(await titlesFound(user, "rep", 2)).toEqual(["Report the bug", "Reply to Anna"]);
    expect(await titlesFound(user, "!!!")).toEqual([]);
  });

  it("answers whole tasks, as the other calls do", async () => {
    const goal = await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Launch" } });
    const task = await create(user, { title: "Press release", date: "2026-05-06", goalId: goal.json().id, estimatedDuration: 45 });
    const response = await search(user, "q=press");
    expect(response.json()).toEqual([{ ...task, goalTitle: "Launch" }]);
  });

  it("follows a renamed task and forgets a deleted one", async () => {
    const task = await create(user, { title: "Draft the plan", date: "2026-05-04" });
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${task.id}`,
      headers: user.mutatingHeaders,
      payload: { title: "Finalize the budget" },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titlesFound(user, "draft")).toEqual([]);
    expect(await titlesFound(user, "budget")).toEqual(["Finalize the budget"]);

    // A status change keeps the words.
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${task.id}`, headers: user.mutatingHeaders, payload: { status: "done" } });
    expect(await titlesFound(user, "final")).toEqual(["Finalize the budget"]);

    await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: user.mutatingHeaders });
    expect(await titlesFound(user, "budget")).toEqual([]);
    // The user's one task is gone, and its words with it (the cascade on task_key).
    const left = await t.db.kysely.selectFrom("taskWords").select("word").where("userId", "=", user.userId).execute();
    expect(left).toEqual([]);
  });

  it("with a prefix that many tasks share, still answers the newest matches first", async () => {
    const service = tasksService({ kysely: t.db.kysely, dialect, now: () => T0 });
    const day = (index: number) => `2026-${String(1 + (index % 12)).padStart(2, "0")}-${String(1 + (index % 28)).padStart(2, "0")}`;
    const tasks = Array.from({ length: 320 }, (_, index) => ({
      id: randomUUID(),
      title: `Common chore ${index}`,
      date: day(index),
      status: "todo" as const,
      createdAt: T0.toISOString(),
      updatedAt: T0.toISOString(),
    }));
    await service.insertImportedTasks(user.userId, [], tasks);
    const newestFirst = [...tasks].sort((a, b) => (a.date === b.date ? 0 : a.date < b.date ? 1 : -1));
    const found = await titlesFound(user, "common", 5);
    expect(found).toHaveLength(5);
    const foundDates = found.map((title) => tasks.find((task) => task.title === title)!.date);
    expect(foundDates).toEqual(newestFirst.slice(0, 5).map((task) => task.date));
    // "chore" matches 320, "31" eleven: those eleven are read.
    expect((await titlesFound(user, "chore 31", 50)).sort()).toEqual(
      ["31", ...Array.from({ length: 10 }, (_, i) => `31${i}`)].map((n) => `Common chore ${n}`).sort(),
    );
  });

  it("answers a task once when two of its words start with the query", async () => {
    await create(user, { title: "Report on reporting", date: "2026-05-04" });
    expect(await titlesFound(user, "rep")).toEqual(["Report on reporting"]);
    expect(await titlesFound(user, "on rep")).toEqual(["Report on reporting"]);
  });

  it("when every word matches many tasks, answers the newest dated ones, then the newest unscheduled ones", async () => {
    const service = tasksService({ kysely: t.db.kysely, dialect, now: () => T0 });
    const at = (index: number) => new Date(T0.getTime() + index * 1000).toISOString();
    const tasks = Array.from({ length: 305 }, (_, index) => ({
      id: randomUUID(),
      title: `Shared errand ${index}`,
      date: index < 10 ? `2026-05-${String(10 + index).padStart(2, "0")}` : null,
      status: "todo" as const,
      createdAt: at(index),
      updatedAt: at(index),
    }));
    await service.insertImportedTasks(user.userId, [], tasks);
    // Another user's matching tasks stay out of the walk too.
    const other = await signInTestUser(t.app, { name: "Other" });
    await service.insertImportedTasks(
      other.userId,
      [],
      [{ id: randomUUID(), title: "Shared errand 999", date: "2026-06-01", status: "todo", createdAt: at(999), updatedAt: at(999) }],
    );
    const expected = [
      ...Array.from({ length: 10 }, (_, i) => `Shared errand ${9 - i}`),
      ...Array.from({ length: 5 }, (_, i) => `Shared errand ${304 - i}`),
    ];
    expect(await titlesFound(user, "sha err", 15)).toEqual(expected);
    expect(await titlesFound(user, "shared", 3)).toEqual(expected.slice(0, 3));
  });

  it("never finds another user's tasks", async () => {
    const other = await signInTestUser(t.app, { name: "Other" });
    await create(other, { title: "Secret launch plan", date: "2026-05-04" });
    expect(await titlesFound(user, "secret")).toEqual([]);
    expect(await titlesFound(other, "secret")).toEqual(["Secret launch plan"]);
  });

  // A user's index is kept under their data version (decision 014): every write of the user's tasks
  // or goals raises it, so the next search reads the database again and builds the next index.
  it("sees every write between two identical searches", async () => {
    const goal = (
      await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Launch" } })
    ).json();
    expect(await titlesFound(user, "memo")).toEqual([]);
    const first = await create(user, { title: "Memo to the board", date: "2026-05-04" });
    expect(await titlesFound(user, "memo")).toEqual(["Memo to the board"]);
    const second = await create(user, { title: "Memo draft", date: "2026-05-06", goalId: goal.id });
    expect(await titlesFound(user, "memo")).toEqual(["Memo draft", "Memo to the board"]);

    const patch = async (id: string, payload: Record<string, unknown>) => {
      const response = await t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: user.mutatingHeaders, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    const found = async () => (await search(user, "q=memo")).json() as Task[];
    await patch(first.id, { date: "2026-05-08" }); // a move changes the order
    expect(await titlesFound(user, "memo")).toEqual(["Memo to the board", "Memo draft"]);
    await patch(first.id, { status: "done" }); // a field of the answer
    expect((await found()).map((task) => task.status)).toEqual(["done", "todo"]);
    const renamedGoal = await t.app.inject({
      method: "PUT",
      url: `/api/goals/${goal.id}`,
      headers: user.mutatingHeaders,
      payload: { title: "Go live" },
    });
    expect(renamedGoal.statusCode, renamedGoal.body).toBe(200);
    expect((await found()).map((task) => task.goalTitle)).toEqual([null, "Go live"]);
    await patch(second.id, { title: "Notes" }); // renamed away from the query
    expect(await titlesFound(user, "memo")).toEqual(["Memo to the board"]);
    await t.app.inject({ method: "DELETE", url: `/api/tasks/${first.id}`, headers: user.mutatingHeaders });
    expect(await titlesFound(user, "memo")).toEqual([]);
  });

  it("answers the same words in any order or case alike", async () => {
    await create(user, { title: "Plan the offsite", date: "2026-05-04" });
    await create(user, { title: "Plan the budget", date: "2026-05-05" });
    expect(await titlesFound(user, "plan the")).toEqual(["Plan the budget", "Plan the offsite"]);
    expect(await titlesFound(user, "THE, Plan")).toEqual(["Plan the budget", "Plan the offsite"]);
    expect(await titlesFound(user, "plan the", 1)).toEqual(["Plan the budget"]);
    expect(await titlesFound(user, "plan the off")).toEqual(["Plan the offsite"]);
  });

  it("never answers one user's tasks to another, even at the same data version", async () => {
    const other = await signInTestUser(t.app, { name: "Other" });
    await create(user, { title: "Quarterly review", date: "2026-05-04" });
    await create(other, { title: "Quarterly taxes", date: "2026-05-04" });
    await sql`update users set data_version = 42 where id in (${user.userId}, ${other.userId})`.execute(t.db.kysely);
    expect(await titlesFound(user, "quarterly")).toEqual(["Quarterly review"]);
    expect(await titlesFound(other, "quarterly")).toEqual(["Quarterly taxes"]);
    expect(await titlesFound(user, "quarterly")).toEqual(["Quarterly review"]);
  });

  it("refuses a bad query with a message naming the field", async () => {
    for (const [query, field] of [
      ["", "q"],
      ["q=", "q"],
      [`q=${"x".repeat(101)}`, "q"],
      ["q=a&limit=0", "limit"],
      ["q=a&limit=51", "limit"],
      ["q=a&limit=two", "limit"],
      ["q=a&extra=1", "extra"],
    ] as const) {
      const response = await search(user, query);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toContain(field);
    }
    const unauthenticated = await t.app.inject({ method: "GET", url: "/api/tasks/search?q=a" });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
