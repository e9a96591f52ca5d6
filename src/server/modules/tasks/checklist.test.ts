import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { CHECKLIST_MAX_ITEMS, type ChecklistItem, type Task } from "../../../shared/api/tasks.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z");
const TODAY = "2026-05-04";
const TOMORROW = "2026-05-05";

describeEachDatabase("a task's checklist", (dialect) => {
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

  async function createTask(payload: Record<string, unknown> = {}): Promise<Task> {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: user.mutatingHeaders,
      payload: { title: "Pack for the trip", date: TODAY, ...payload },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const add = (taskId: string, payload: Record<string, unknown>, query = "", owner = user) =>
    t.app.inject({ method: "POST", url: `/api/tasks/${taskId}/checklist${query}`, headers: owner.mutatingHeaders, payload });
  async function addOk(taskId: string, title: string, query = ""): Promise<ChecklistItem> {
    const response = await add(taskId, { title }, query);
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const change = (taskId: string, itemId: string, payload: Record<string, unknown>, query = "", owner = user) =>
    t.app.inject({ method: "PATCH", url: `/api/tasks/${taskId}/checklist/${itemId}${query}`, headers: owner.mutatingHeaders, payload });
  const remove = (taskId: string, itemId: string, owner = user) =>
    t.app.inject({ method: "DELETE", url: `/api/tasks/${taskId}/checklist/${itemId}`, headers: owner.mutatingHeaders });
  async function day(date: string, owner = user): Promise<Task[]> {
    const response = await t.app.inject({ url: `/api/tasks?date=${date}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const titles = (items: readonly ChecklistItem[]) => items.map((item) => `${item.done ? "[x]" : "[ ]"} ${item.title}@${item.position}`);

  it("adds, ticks, renames, moves and deletes items, and every task answer carries them in order", async () => {
    const task = await createTask();
    expect(task.checklist).toEqual([]);
    const passport = await addOk(task.id, "  Passport ");
    expect(passport).toEqual({ id: expect.any(String), title: "Passport", done: false, position: 0 });
    const charger = await addOk(task.id, "Charger");
    const first = await add(task.id, { title: "Rain jacket", position: 0 });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ title: "Rain jacket", position: 0 });

    const ticked = await change(task.id, passport.id, { done: true });
    expect(ticked.statusCode, ticked.body).toBe(200);
    expect(ticked.json()).toEqual({ ...passport, done: true, position: 1 });
    expect((await change(task.id, charger.id, { title: "USB-C charger", position: 0 })).json()).toMatchObject({ position: 0 });
    expect(titles((await day(TODAY))[0]!.checklist)).toEqual(["[ ] USB-C charger@0", "[ ] Rain jacket@1", "[x] Passport@2"]);

    expect((await remove(task.id, first.json().id)).json()).toEqual({ ok: true });
    const [read] = await day(TODAY);
    expect(titles(read!.checklist)).toEqual(["[ ] USB-C charger@0", "[x] Passport@1"]);
    // Completing the task leaves its items as they are.
    const done = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${task.id}`,
      headers: user.mutatingHeaders,
      payload: { status: "done" },
    });
    expect(done.json()).toMatchObject({ status: "done", checklist: read!.checklist });
  });

  it("refuses a bad item with a clear message, and a 51st item", async () => {
    const task = await createTask();
    const empty = await add(task.id, { title: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain("Step title is required");
    expect((await add(task.id, { title: "x".repeat(201) })).json().message).toContain("at most 200 characters");
    expect((await add(task.id, { title: "A", done: true })).statusCode).toBe(400);
    const item = await addOk(task.id, "Passport");
    expect((await change(task.id, item.id, {})).json().message).toContain("must change at least one field");
    expect((await change(task.id, item.id, { position: -1 })).statusCode).toBe(400);
    for (let index = 1; index < CHECKLIST_MAX_ITEMS; index++) await addOk(task.id, `Step ${index}`);
    const tooMany = await add(task.id, { title: "One more" });
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().message).toBe("A task has at most 50 checklist items: delete one to add another");
    expect((await day(TODAY))[0]!.checklist).toHaveLength(CHECKLIST_MAX_ITEMS);
  });

  it("answers 404 for another user's task or item, and changes nothing of theirs", async () => {
    const task = await createTask();
    const item = await addOk(task.id, "Passport");
    const other = await signInTestUser(t.app);
    expect((await add(task.id, { title: "Mine now" }, "", other)).statusCode).toBe(404);
    expect((await change(task.id, item.id, { done: true }, "", other)).statusCode).toBe(404);
    expect((await remove(task.id, item.id, other)).statusCode).toBe(404);
    const missing = await change(task.id, randomUUID(), { done: true });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("Checklist item not found");
    expect((await day(TODAY))[0]!.checklist).toEqual([item]);
  });

  it("keeps every item of concurrent adds, each at its own position", async () => {
    const task = await createTask();
    const answers = await Promise.all(Array.from({ length: 12 }, (_, index) => add(task.id, { title: `Step ${index}` })));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(201));
    const { checklist } = (await day(TODAY))[0]!;
    expect(checklist.map((item) => item.position)).toEqual([...Array(12).keys()]);
    expect(new Set(checklist.map((item) => item.title)).size).toBe(12);
  });

  it("takes a client-made id once: the same id again is a 409, not a second item", async () => {
    const task = await createTask();
    const id = randomUUID();
    expect((await add(task.id, { id, title: "Passport" })).json()).toMatchObject({ id });
    expect((await add(task.id, { id, title: "Passport" })).statusCode).toBe(409);
    expect((await day(TODAY))[0]!.checklist).toHaveLength(1);
  });

  it("gives each new occurrence of a routine the series' items, none ticked; 'This task' changes one day only", async () => {
    const routine = await createTask({ title: "Morning routine", recurrence: "FREQ=DAILY" });
    const stretch = await addOk(routine.id, "Stretch", "?scope=future");
    await addOk(routine.id, "Water the plants", "?scope=future");
    await change(routine.id, stretch.id, { done: true });
    const [today] = await day(TODAY);
    expect(titles(today!.checklist)).toEqual(["[x] Stretch@0", "[ ] Water the plants@1"]);
    await addOk(today!.id, "Only today");

    const [tomorrow] = await day(TOMORROW);
    expect(titles(tomorrow!.checklist)).toEqual(["[ ] Stretch@0", "[ ] Water the plants@1"]);
    expect(tomorrow!.checklist[0]!.id).not.toBe(stretch.id);
  });

  it("finds a task by its items' words, and no longer by a deleted item's", async () => {
    const task = await createTask({ title: "Trip" });
    const passport = await addOk(task.id, "Renew passport");
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/tasks/search?q=${q}`, headers: user.headers })).json().map((found: Task) => found.title);
    expect(await search("passp")).toEqual(["Trip"]);
    await change(task.id, passport.id, { title: "Charger" });
    expect(await search("passp")).toEqual([]);
    expect(await search("charg")).toEqual(["Trip"]);
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${task.id}`, headers: user.mutatingHeaders, payload: { title: "Journey" } });
    expect(await search("charg")).toEqual(["Journey"]);
  });

  it("moves the items with a rolled-over task, as they are", async () => {
    const task = await createTask();
    const item = await addOk(task.id, "Passport");
    await change(task.id, item.id, { done: true });
    await addOk(task.id, "Charger");
    const rolled = await t.app.inject({
      method: "POST",
      url: "/api/rollover/trigger",
      headers: user.mutatingHeaders,
      payload: { date: TODAY },
    });
    expect(rolled.statusCode, rolled.body).toBe(200);
    const [moved] = await day(TOMORROW);
    expect(moved).toMatchObject({ id: task.id });
    expect(titles(moved!.checklist)).toEqual(["[x] Passport@0", "[ ] Charger@1"]);
  });
});
