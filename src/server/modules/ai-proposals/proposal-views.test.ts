import { describe, expect, it } from "vitest";
import type { ProposalChange, ProposalTaskView } from "../../../shared/api/ai-proposals.ts";
import { proposalWarning, summarize, taskFingerprint, viewAfterUpdate, viewOfNewTask } from "./proposal-views.ts";

const report: ProposalTaskView = {
  title: "Write the report",
  date: "2026-05-04",
  scheduledStartTime: "09:00",
  status: "todo",
  estimatedDuration: 60,
  goalTitle: "Ship it",
};

function change(kind: ProposalChange["kind"], before: ProposalTaskView | null, after: ProposalTaskView | null): ProposalChange {
  return { id: "c1", kind, taskId: null, goal: kind === "createGoal" ? { title: "G", targetDate: null } : null, before, after };
}

describe("proposal views", () => {
  it("applies only the fields an update names; null clears, a goal id shows its title", () => {
    const titles = (id: string) => (id === "g2" ? "Learn Spanish" : null);
    expect(viewAfterUpdate(report, { date: "2026-05-05" }, titles)).toEqual({ ...report, date: "2026-05-05" });
    expect(viewAfterUpdate(report, { scheduledStartTime: null, goalId: null }, titles)).toEqual({
      ...report,
      scheduledStartTime: null,
      goalTitle: null,
    });
    expect(viewAfterUpdate(report, { goalId: "g2", status: "done", estimatedDuration: 30 }, titles)).toEqual({
      ...report,
      goalTitle: "Learn Spanish",
      status: "done",
      estimatedDuration: 30,
    });
  });

  it("shows a new task as todo with nulls for what was not given", () => {
    expect(viewOfNewTask({ title: "Call the bank", scheduledStartTime: "15:00" }, null)).toEqual({
      title: "Call the bank",
      date: null,
      scheduledStartTime: "15:00",
      status: "todo",
      estimatedDuration: null,
      goalTitle: null,
    });
  });

  it("summarizes each kind of change once, in the order it first appears", () => {
    const moved = change("updateTask", report, { ...report, date: "2026-05-05" });
    const done = change("updateTask", report, { ...report, status: "done" });
    const edited = change("updateTask", report, { ...report, title: "Write it" });
    const created = change("createTask", null, report);
    expect(summarize([moved, created])).toBe("Move 1 task, create 1 task");
    expect(summarize([done, done, edited, change("deleteTask", report, null)])).toBe("Complete 2 tasks, update 1 task, delete 1 task");
    expect(summarize([change("createGoal", null, null)])).toBe("Create 1 goal");
  });

  it("warns of deletes and of more than 10 tasks, not of an ordinary proposal", () => {
    const created = change("createTask", null, report);
    expect(proposalWarning([created])).toBeNull();
    expect(proposalWarning([change("deleteTask", report, null)])).toBe("Deletes 1 task. Check each change before applying.");
    expect(proposalWarning(Array.from({ length: 11 }, () => created))).toBe("Changes 11 tasks at once. Check each change before applying.");
    expect(proposalWarning(Array.from({ length: 10 }, () => created))).toBeNull();
  });

  it("fingerprints a task by its fields, whatever their order, without its goal's title", () => {
    const task = { id: "t", title: "A", updatedAt: "x", goalTitle: "G" } as never;
    const same = { goalTitle: "Other", updatedAt: "x", title: "A", id: "t" } as never;
    expect(taskFingerprint(task)).toBe(taskFingerprint(same));
    expect(taskFingerprint(task)).not.toBe(taskFingerprint({ id: "t", title: "B", updatedAt: "x" } as never));
  });
});
