// Thresholds compare integers, so that exactly 1 of 4 is 'Getting started' without rounding at the boundary.
import type { GoalStatus } from "../api/goals.ts";

export const NO_GOAL_TASKS_TEXT = "No tasks added yet. Break down this goal to get started!";

export type GoalProgressLabel = "Just started" | "Getting started" | "Halfway" | "Almost there" | "Complete!";

export function goalProgressFraction(completedTasksCount: number, totalTasksCount: number): number {
  if (totalTasksCount <= 0) return 0;
  return Math.min(1, Math.max(0, completedTasksCount / totalTasksCount));
}

/** Rounded down, so that '100%' never shows next to 'Almost there'. */
export function goalProgressPercent(completedTasksCount: number, totalTasksCount: number): number {
  if (totalTasksCount <= 0) return 0;
  const completed = clampCompleted(completedTasksCount, totalTasksCount);
  return Math.floor((completed * 100) / totalTasksCount);
}

export function goalProgressLabel(completedTasksCount: number, totalTasksCount: number): GoalProgressLabel | null {
  if (totalTasksCount <= 0) return null;
  const completed = clampCompleted(completedTasksCount, totalTasksCount);
  const total = totalTasksCount;
  if (completed >= total) return "Complete!";
  if (completed * 4 >= total * 3) return "Almost there";
  if (completed * 2 >= total) return "Halfway";
  if (completed * 4 >= total) return "Getting started";
  return "Just started";
}

export function goalProgressText(completedTasksCount: number, totalTasksCount: number): string {
  return goalProgressLabel(completedTasksCount, totalTasksCount) ?? NO_GOAL_TASKS_TEXT;
}

function clampCompleted(completed: number, total: number): number {
  return Math.min(total, Math.max(0, completed));
}

/** A paused or completed goal is not overdue: nobody is working towards its date. */
export function isGoalOverdue(goal: { status: GoalStatus; targetDate: string | null }, today: string): boolean {
  return goal.status === "active" && goal.targetDate !== null && goal.targetDate < today;
}
