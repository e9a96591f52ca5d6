import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Goal } from "../../shared/api/goals.ts";
import type { Task } from "../../shared/api/tasks.ts";
import { makeTask } from "../../shared/test/task-fixtures.ts";
import { pendingGoalWriteRules } from "../features/goals/lib/pending-goal-writes.ts";
import { makeGoal } from "../features/goals/test/goal-fixtures.ts";
import { pendingTaskWriteRules } from "../features/tasks/lib/pending-task-writes.ts";
import type { OutboxEntry } from "./outbox/index.ts";
import { pendingWrites } from "./outbox/index.ts";
import { applyPendingWrites, reapplyPendingWrites } from "./pending-writes.ts";

vi.mock("./outbox/index.ts", () => ({ pendingWrites: vi.fn(async () => []) }));

const rules = [...pendingTaskWriteRules, ...pendingGoalWriteRules];
const day = ["tasks", "day", "2026-12-04"];
let seq = 0;
function entry(method: OutboxEntry["method"], path: string, json?: unknown, state: OutboxEntry["state"] = "waiting"): OutboxEntry {
  seq += 1;
  return {
    method,
    path,
    json,
    label: "",
    key: `k${seq}`,
    clientId: "c",
    seq,
    userId: "u1",
    createdAt: Date.UTC(2026, 11, 4, 9),
    attempts: 0,
    state,
  };
}

afterEach(() => vi.mocked(pendingWrites).mockReset());

describe("applyPendingWrites", () => {
  it("shows the waiting task writes over the fetched lists, oldest first, and not the refused ones", () => {
    const client = new QueryClient();
    const milk = makeTask({ id: "t1", title: "Buy milk", date: "2026-12-04", position: 1 });
    const bread = makeTask({ id: "t2", title: "Buy bread", date: "2026-12-04", position: 2 });
    client.setQueryData(day, [milk, bread]);
    applyPendingWrites(
      client,
      [
        entry("POST", "/api/tasks", { id: "t3", title: "Call Anna", date: "2026-12-04" }),
        entry("PATCH", "/api/tasks/t1", { title: "Buy oat milk", scope: "this" }),
        entry("PATCH", "/api/tasks/t3", { status: "done" }),
        entry("DELETE", "/api/tasks/t2?scope=this"),
        entry("POST", "/api/tasks", { id: "t4", title: "Refused", date: "2026-12-04" }, "refused"),
      ],
      rules,
    );
    const shown = client.getQueryData<Task[]>(day)!;
    expect(shown.map((task) => [task.id, task.title, task.status])).toEqual([
      ["t1", "Buy oat milk", "todo"],
      ["t3", "Call Anna", "done"],
    ]);
  });

  it("shows the waiting goal writes over the fetched goal list", () => {
    const client = new QueryClient();
    client.setQueryData(["goals"], [makeGoal({ id: "g1", title: "Read" }), makeGoal({ id: "g2", title: "Swim" })]);
    applyPendingWrites(
      client,
      [
        entry("POST", "/api/goals", { id: "g3", title: "Run a 10k" }),
        entry("PUT", "/api/goals/g1", { title: "Read 12 books" }),
        entry("DELETE", "/api/goals/g2"),
      ],
      rules,
    );
    expect(client.getQueryData<Goal[]>(["goals"])!.map((goal) => goal.title)).toEqual(["Run a 10k", "Read 12 books"]);
  });
});

describe("reapplyPendingWrites", () => {
  it("re-applies the waiting writes to each fetched answer, loading the rules only once a write waits", async () => {
    const client = new QueryClient();
    const loadRules = vi.fn(async () => rules);
    vi.mocked(pendingWrites).mockResolvedValue([]);
    const stop = reapplyPendingWrites(client, loadRules);
    await client.fetchQuery({ queryKey: day, queryFn: () => [makeTask({ id: "t1", date: "2026-12-04" })] });
    await vi.waitFor(() => expect(pendingWrites).toHaveBeenCalledTimes(2));
    expect(loadRules).not.toHaveBeenCalled();

    vi.mocked(pendingWrites).mockResolvedValue([entry("POST", "/api/tasks", { id: "t9", title: "Call Anna", date: "2026-12-04" })]);
    await client.fetchQuery({ queryKey: day, queryFn: () => [makeTask({ id: "t1", date: "2026-12-04" })], staleTime: 0 });
    await vi.waitFor(() => expect(client.getQueryData<Task[]>(day)!.map((task) => task.id)).toEqual(["t1", "t9"]));
    // Its own setQueryData is no fetched answer: it does not re-apply again.
    expect(pendingWrites).toHaveBeenCalledTimes(3);
    stop();
  });
});
