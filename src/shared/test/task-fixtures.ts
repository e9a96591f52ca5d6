import type { Task } from "../api/tasks.ts";

let next = 0;

/** A task as the API answers it, todo on 2026-11-23 unless overridden. */
export function makeTask(overrides: Partial<Task> = {}): Task {
  next += 1;
  return {
    id: `task-${next}`,
    userId: "user-1",
    goalId: null,
    goalTitle: null,
    title: `Task ${next}`,
    description: null,
    status: "todo",
    date: "2026-11-23",
    estimatedDuration: 30,
    scheduledStartTime: null,
    firstStartedAt: null,
    currentSessionStartedAt: null,
    workSessionCount: 0,
    startedAt: null,
    completedAt: null,
    trackedMinutes: 0,
    rolloverCount: 0,
    firstPlannedDate: "2026-11-23",
    rolledOverFromDate: null,
    position: next,
    recurrence: null,
    seriesId: null,
    checklist: [],
    createdAt: `2026-11-23T08:00:${String(next % 60).padStart(2, "0")}.000Z`,
    updatedAt: "2026-11-23T08:00:00.000Z",
    ...overrides,
  };
}
