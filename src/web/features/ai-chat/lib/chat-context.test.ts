import { describe, expect, it } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { buildChatContext } from "./chat-context.ts";

describe("buildChatContext", () => {
  it("gives the completion rate as the rounded percentage of today's tasks that are done (spec section 9)", () => {
    const tasks = [makeTask({ status: "done" }), makeTask({ status: "todo" }), makeTask({ status: "stalled" })];
    expect(buildChatContext([], tasks)).toMatchObject({
      completionRate: 33,
      patterns: { tasksToday: 3, tasksDone: 1, tasksStalled: 1, activeGoals: 0 },
    });
    expect(buildChatContext([], [makeTask({ status: "done" }), makeTask({ status: "done" })]).completionRate).toBe(100);
    expect(buildChatContext([], []).completionRate).toBe(0);
  });
});
