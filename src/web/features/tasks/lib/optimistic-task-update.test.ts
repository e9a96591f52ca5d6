import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Task } from "../../../../shared/api/tasks.ts";
import { taskQueryKeys } from "../api/task-query-keys.ts";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import {
  applyOptimisticCreate,
  applyOptimisticDelete,
  applyOptimisticPatch,
  newTask,
  patchTask,
  placeTask,
  placeTaskInCachedList,
} from "./optimistic-task-update.ts";
import { addTaskLabel, updateTaskLabel } from "./task-write-labels.ts";

const now = new Date("2026-11-23T10:00:00.000Z");

describe("patchTask", () => {
  it("stamps a start like the server: session, first start, session count", () => {
    const task = makeTask();
    const started = patchTask(task, { status: "inprogress" }, now);
    expect(started).toMatchObject({
      status: "inprogress",
      startedAt: now.toISOString(),
      firstStartedAt: now.toISOString(),
      currentSessionStartedAt: now.toISOString(),
      workSessionCount: 1,
      updatedAt: now.toISOString(),
    });
    expect(task.status).toBe("todo");
  });

  it("ends the session and sets completedAt when done; clears it when reopened", () => {
    const running = makeTask({ status: "inprogress", currentSessionStartedAt: "2026-11-23T09:00:00.000Z", workSessionCount: 1 });
    const done = patchTask(running, { status: "done" }, now);
    expect(done).toMatchObject({ status: "done", completedAt: now.toISOString(), currentSessionStartedAt: null, trackedMinutes: 60 });
    expect(patchTask(done, { status: "todo" }, now).completedAt).toBeNull();
  });

  it("applies edits: trimmed title, blank text as null, goal title for a new goal, first planned date", () => {
    const task = makeTask({ date: null, firstPlannedDate: null, description: "Old", goalId: "g1", goalTitle: "Old goal" });
    expect(patchTask(task, { title: "  New  ", description: "  ", goalId: "g2", date: "2026-11-24" }, now, "New goal")).toMatchObject({
      title: "New",
      description: null,
      goalId: "g2",
      goalTitle: "New goal",
      date: "2026-11-24",
      firstPlannedDate: "2026-11-24",
    });
    expect(patchTask(task, { goalId: null }, now)).toMatchObject({ goalId: null, goalTitle: null });
    expect(patchTask(task, { goalId: "g1" }, now).goalTitle).toBe("Old goal");
  });
});

describe("placeTask", () => {
  const a = makeTask({ createdAt: "2026-11-23T08:00:00.000Z" });
  const c = makeTask({ createdAt: "2026-11-23T10:00:00.000Z" });
  const byCreatedAt = (x: Task, y: Task) => x.createdAt.localeCompare(y.createdAt);

  it("replaces in place, inserts in order, removes, and keeps an untouched list as it is", () => {
    const list = [a, c];
    const b = makeTask({ createdAt: "2026-11-23T09:00:00.000Z" });
    expect(placeTask(list, b.id, b, true, byCreatedAt).map((task) => task.id)).toEqual([a.id, b.id, c.id]);
    const renamed = { ...a, title: "Renamed" };
    expect(placeTask(list, a.id, renamed, true, byCreatedAt)).toEqual([renamed, c]);
    expect(placeTask(list, a.id, renamed, false, byCreatedAt)).toEqual([c]);
    expect(placeTask(list, a.id, null, true, byCreatedAt)).toEqual([c]);
    expect(placeTask(list, b.id, b, false, byCreatedAt)).toBe(list);
  });
});

describe("placeTaskInCachedList", () => {
  it("keeps a Future Tasks list to unscheduled, in-window and overdue tasks, unscheduled first", () => {
    const key = taskQueryKeys.future("2026-11-24", "2026-12-23");
    const later = makeTask({ date: "2026-11-30" });
    expect(placeTaskInCachedList(key, [later], "x", makeTask({ id: "x", date: null }))[0]?.id).toBe("x");
    expect(placeTaskInCachedList(key, [later], "x", makeTask({ id: "x", date: "2026-11-23" }))).toEqual([later]);
    expect(placeTaskInCachedList(key, [later], "x", makeTask({ id: "x", date: "2026-11-20" }))[0]?.id).toBe("x");
    expect(placeTaskInCachedList(key, [later], "x", makeTask({ id: "x", date: "2026-11-20", status: "done" }))).toEqual([later]);
    expect(placeTaskInCachedList(key, [later], "x", makeTask({ id: "x", date: "2026-12-01" })).map((task) => task.id)).toEqual([
      later.id,
      "x",
    ]);
  });

  it("moves a task within a day's list to its new place: a new position or start time re-sorts it", () => {
    const key = taskQueryKeys.day("2026-11-23");
    const a = makeTask({ position: 1 });
    const b = makeTask({ position: 2 });
    const c = makeTask({ position: 3 });
    const ids = (list: readonly { id: string }[]) => list.map((task) => task.id);
    expect(ids(placeTaskInCachedList(key, [a, b, c], c.id, patchTask(c, { position: 1.5 }, new Date())))).toEqual([a.id, c.id, b.id]);
    expect(ids(placeTaskInCachedList(key, [a, b, c], b.id, patchTask(b, { scheduledStartTime: "09:00" }, new Date())))).toEqual([
      b.id,
      a.id,
      c.id,
    ]);
  });

  it("keeps the stalled list to stalled tasks", () => {
    const stalled = makeTask({ status: "stalled" });
    expect(placeTaskInCachedList(taskQueryKeys.stalled(), [stalled], stalled.id, { ...stalled, status: "inprogress" })).toEqual([]);
  });
});

describe("applyOptimisticPatch and its rollback", () => {
  function seed() {
    const client = new QueryClient();
    const todo = makeTask({ title: "Write" });
    const other = makeTask({ title: "Read" });
    const future = makeTask({ title: "Someday", date: null, firstPlannedDate: null });
    client.setQueryData(taskQueryKeys.day("2026-11-23"), [todo, other]);
    client.setQueryData(taskQueryKeys.day("2026-11-24"), []);
    client.setQueryData(taskQueryKeys.future("2026-11-24", "2026-12-23"), [future]);
    client.setQueryData(taskQueryKeys.stalled(), []);
    return { client, todo, other, future };
  }

  it("moves a card to another column in every cached list at once, and restores them all on rollback", async () => {
    const { client, todo, other } = seed();
    const before = client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"));

    const rollback = await applyOptimisticPatch(client, todo.id, { status: "inprogress" }, now);
    const day = client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"));
    expect(day?.map((task) => [task.id, task.status])).toEqual([
      [todo.id, "inprogress"],
      [other.id, "todo"],
    ]);
    expect(day?.[0]?.currentSessionStartedAt).toBe(now.toISOString());

    rollback();
    expect(client.getQueryData(taskQueryKeys.day("2026-11-23"))).toEqual(before);
  });

  it("moves a task between days, and into and out of the Future Tasks list", async () => {
    const { client, todo, future } = seed();
    const futureKey = taskQueryKeys.future("2026-11-24", "2026-12-23");
    await applyOptimisticPatch(client, todo.id, { date: "2026-11-24" }, now);
    expect(client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"))?.map((task) => task.id)).not.toContain(todo.id);
    expect(client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-24"))?.map((task) => task.id)).toEqual([todo.id]);
    expect(client.getQueryData<Task[]>(futureKey)?.map((task) => task.id)).toEqual([future.id, todo.id]);

    const rollback = await applyOptimisticPatch(client, future.id, { status: "todo", date: "2026-11-23" }, now);
    expect(client.getQueryData<Task[]>(futureKey)?.map((task) => task.id)).toEqual([todo.id]);
    expect(client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"))?.map((task) => task.title)).toContain("Someday");
    rollback();
    expect(client.getQueryData<Task[]>(futureKey)?.map((task) => task.id)).toEqual([future.id, todo.id]);
  });

  it("removes a deleted task, and puts it back on rollback", async () => {
    const { client, todo, other } = seed();
    const rollback = await applyOptimisticDelete(client, todo.id);
    expect(client.getQueryData(taskQueryKeys.day("2026-11-23"))).toEqual([other]);
    rollback();
    expect(client.getQueryData(taskQueryKeys.day("2026-11-23"))).toEqual([todo, other]);
  });

  it("changes nothing for a task that is not cached", async () => {
    const { client } = seed();
    const before = client.getQueryData(taskQueryKeys.day("2026-11-23"));
    await applyOptimisticPatch(client, "unknown", { status: "done" }, now);
    expect(client.getQueryData(taskQueryKeys.day("2026-11-23"))).toBe(before);
  });
});

describe("optimistic create", () => {
  it("makes the task as the server will: the client's id, todo, first planned on its day, nulls for what was left empty", () => {
    const task = newTask({ id: "c1", title: "  Buy milk ", date: "2026-11-23", scheduledStartTime: "", goalId: "g1" }, now, 3, "Home");
    expect(task).toMatchObject({
      id: "c1",
      title: "Buy milk",
      status: "todo",
      date: "2026-11-23",
      firstPlannedDate: "2026-11-23",
      scheduledStartTime: null,
      goalId: "g1",
      goalTitle: "Home",
      position: 3,
      createdAt: now.toISOString(),
    });
  });

  it("shows the new task last in its day's cached list and in the future panel when unscheduled, and takes it away on rollback", async () => {
    const client = new QueryClient();
    const first = makeTask({ id: "a", date: "2026-11-23", position: 4 });
    client.setQueryData(taskQueryKeys.day("2026-11-23"), [first]);
    client.setQueryData(taskQueryKeys.future("2026-11-24", "2026-11-30"), []);
    const rollback = await applyOptimisticCreate(client, { id: "b", title: "Buy milk", date: "2026-11-23" }, now);
    const day = client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"))!;
    expect(day.map((task) => task.id)).toEqual(["a", "b"]);
    expect(day[1]!.position).toBeGreaterThan(4);
    expect(client.getQueryData<Task[]>(taskQueryKeys.future("2026-11-24", "2026-11-30"))).toEqual([]);

    await applyOptimisticCreate(client, { id: "c", title: "Someday", date: null }, now);
    expect(client.getQueryData<Task[]>(taskQueryKeys.future("2026-11-24", "2026-11-30"))!.map((task) => task.id)).toEqual(["c"]);

    rollback();
    expect(client.getQueryData<Task[]>(taskQueryKeys.day("2026-11-23"))!.map((task) => task.id)).toEqual(["a"]);
  });
});

describe("the outbox labels", () => {
  it("say what the person did, by the task's title before the change", () => {
    expect(addTaskLabel(" Buy milk ")).toBe('Add "Buy milk"');
    expect(updateTaskLabel("Buy milk", { title: "Buy oat milk" })).toBe('Rename "Buy milk"');
    expect(updateTaskLabel("Buy milk", { status: "done" })).toBe('Complete "Buy milk"');
    expect(updateTaskLabel("Buy milk", { status: "inprogress", position: 2 })).toBe('Move "Buy milk"');
    expect(updateTaskLabel("Buy milk", { description: "2 litres" })).toBe('Edit "Buy milk"');
  });
});

describe("rolling back one of several waiting changes", () => {
  it("puts back only its own task, keeping a later change to another task", async () => {
    const client = new QueryClient();
    const key = taskQueryKeys.day("2026-11-23");
    client.setQueryData(key, [makeTask({ id: "a", title: "A", position: 1 }), makeTask({ id: "b", title: "B", position: 2 })]);
    const rollbackA = await applyOptimisticPatch(client, "a", { status: "done" }, now);
    await applyOptimisticPatch(client, "b", { title: "B renamed" }, now);
    rollbackA();
    expect(client.getQueryData<Task[]>(key)!.map((task) => [task.id, task.title, task.status])).toEqual([
      ["a", "A", "todo"],
      ["b", "B renamed", "todo"],
    ]);
  });
});
