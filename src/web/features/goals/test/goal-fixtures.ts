import type { Goal } from "../../../../shared/api/goals.ts";

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return {
    id: "goal-1",
    title: "Run a half marathon",
    description: "Train four times a week",
    targetDate: "2026-09-20",
    status: "active",
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    completedTasksCount: 0,
    totalTasksCount: 0,
    progressPercentage: 0,
    ...overrides,
  };
}
