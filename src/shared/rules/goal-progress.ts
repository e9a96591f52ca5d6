// Goal progress from its linked tasks (spec section 2 "Goals page", section 9 "Goals and insights").
// Only tasks with status done count as completed. The thresholds compare integers, so that exactly
// 1 of 4 tasks is 'Getting started' without any floating-point rounding at the boundary.
import type { GoalStatus } from "../api/goals.ts";

export const NO_GOAL_TASKS_TEXT = "No tasks added yet. Break down this goal to get started!";

export type GoalProgressLabel = "Just started" | "Getting started" | "Halfway" | "Almost there" | "Complete!";

/** The fraction 0..1 the API reports as progressPercentage; 0 when the goal has no tasks. */
export function goalProgressFraction(completedTasksCount: number, totalTasksCount: number): number {
  if (totalTasksCount <= 0) return 0;
  return Math.min(1, Math.max(0, completedTasksCount / totalTasksCount));
}

/**
 * The whole percent to display. Rounded down, so '100%' never shows next to 'Almost there'
 * (199 of 200 tasks is 99%, not 100%).
 */
export function goalProgressPercent(completedTasksCount: number, totalTasksCount: number): number {
  if (totalTasksCount <= 0) return 0;
  const completed = clampCompleted(completedTasksCount, totalTasksCount);
  return Math.floor((completed * 100) / totalTasksCount);
}

/** The label under the progress bar, or null when the goal has no tasks (show NO_GOAL_TASKS_TEXT). */
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

/** The text shown for a goal's progress: its label, or the no-tasks invitation. */
export function goalProgressText(completedTasksCount: number, totalTasksCount: number): string {
  return goalProgressLabel(completedTasksCount, totalTasksCount) ?? NO_GOAL_TASKS_TEXT;
}

function clampCompleted(completed: number, total: number): number {
  return Math.min(total, Math.max(0, completed));
}

/**
 * An active goal whose target date is before `today` (the user's, in their zone). A paused or
 * completed goal is not overdue: nobody is working towards its date.
 */
export function isGoalOverdue(goal: { status: GoalStatus; targetDate: string | null }, today: string): boolean {
  return goal.status === "active" && goal.targetDate !== null && goal.targetDate < today;
}
