import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { Goal } from "../../../../shared/api/goals.ts";
import { goalsQueryKey } from "../api/get-goals.ts";
import { makeGoal } from "../test/goal-fixtures.ts";
import { applyOptimisticGoalCreate, applyOptimisticGoalDelete, applyOptimisticGoalUpdate } from "./optimistic-goals.ts";

const now = new Date("2026-12-04T09:00:00.000Z");
const titles = (client: QueryClient) => client.getQueryData<Goal[]>(goalsQueryKey)!.map((goal) => goal.title);

describe("optimistic goal changes", () => {
  it("list a new goal first, as the server will make it, and take it away on rollback", async () => {
    const client = new QueryClient();
    client.setQueryData(goalsQueryKey, [makeGoal({ id: "g1", title: "Read" })]);
    const rollback = await applyOptimisticGoalCreate(client, { id: "g2", title: " Run a 10k ", description: "" }, now);
    expect(client.getQueryData<Goal[]>(goalsQueryKey)![0]).toMatchObject({
      id: "g2",
      title: "Run a 10k",
      description: null,
      status: "active",
      totalTasksCount: 0,
      createdAt: now.toISOString(),
    });
    rollback();
    expect(titles(client)).toEqual(["Read"]);
  });

  it("roll back only their own goal, keeping the changes queued after them", async () => {
    const client = new QueryClient();
    client.setQueryData(goalsQueryKey, [makeGoal({ id: "g1", title: "Read" }), makeGoal({ id: "g2", title: "Swim" })]);
    const rollbackRename = await applyOptimisticGoalUpdate(client, "g1", { title: "Read 12 books" }, now);
    const rollbackDelete = await applyOptimisticGoalDelete(client, "g2");
    await applyOptimisticGoalCreate(client, { id: "g3", title: "Run" }, now);
    expect(titles(client)).toEqual(["Run", "Read 12 books"]);
    rollbackDelete();
    expect(titles(client)).toEqual(["Run", "Read 12 books", "Swim"]);
    rollbackRename();
    expect(titles(client)).toEqual(["Run", "Read", "Swim"]);
  });
});
