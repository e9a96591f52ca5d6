import { describe, expect, it, vi } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { makeTask } from "../../../shared/test/task-fixtures.ts";
import { taskSearchIndexes } from "./task-search-index.ts";
import type { SearchEntry } from "./tasks.repository.ts";

function task(id: string, title: string, date: string | null): Task {
  return makeTask({ id, title, date, createdAt: "2026-05-04T09:00:00.000Z" });
}

/** A user's tasks in the search's order, as the database would give them. */
function fakeSource(tasks: Task[]) {
  const entries: SearchEntry[] = tasks.map(({ id, title, date, createdAt }) => ({ id, title, date, createdAt }));
  return {
    listSearchEntries: vi.fn(async (_userId: string, limit: number) => entries.slice(0, limit)),
    listTasksByIds: vi.fn(async (_userId: string, ids: readonly string[]) => tasks.filter((one) => ids.includes(one.id))),
  };
}

describe("a user's task search index", () => {
  const tasks = [task("t1", "Write the report", "2026-05-06"), task("t2", "Report the bug", "2026-05-05"), task("t3", "Plan", null)];

  it("is built after the first search at a version, then answers, reading each found task whole once", async () => {
    const source = fakeSource(tasks);
    const indexes = taskSearchIndexes(source, (error) => {
      throw error;
    });
    expect(await indexes.answer("u1", 7, ["rep"], 20)).toBeUndefined();
    await indexes.settled();
    expect(source.listSearchEntries).toHaveBeenCalledTimes(1);

    expect(JSON.parse((await indexes.answer("u1", 7, ["rep"], 20))!).map((one: Task) => one.id)).toEqual(["t1", "t2"]);
    expect(JSON.parse((await indexes.answer("u1", 7, ["report", "the"], 1))!)).toEqual([tasks[0]]);
    expect(source.listTasksByIds).toHaveBeenCalledTimes(1);
    expect(await indexes.answer("u1", 7, ["zzz"], 20)).toBe("[]");

    // Another version (a write), another user: not this index.
    expect(await indexes.answer("u1", 8, ["rep"], 20)).toBeUndefined();
    expect(await indexes.answer("u2", 7, ["rep"], 20)).toBeUndefined();
    await indexes.settled();
    expect(source.listSearchEntries).toHaveBeenCalledTimes(3);
  });

  it("is not built for a user with more tasks than it holds, nor tried again until the version moves", async () => {
    const source = fakeSource(tasks);
    const indexes = taskSearchIndexes(
      source,
      (error) => {
        throw error;
      },
      { maxTasks: 2 },
    );
    for (let search = 0; search < 3; search++) {
      expect(await indexes.answer("u1", 7, ["rep"], 20)).toBeUndefined();
      await indexes.settled();
    }
    expect(source.listSearchEntries).toHaveBeenCalledTimes(1);
    expect(source.listSearchEntries).toHaveBeenCalledWith("u1", 3);
    expect(await indexes.answer("u1", 8, ["rep"], 20)).toBeUndefined();
    await indexes.settled();
    expect(source.listSearchEntries).toHaveBeenCalledTimes(2);
  });
});
