// What the tasks module's use cases share: their dependencies, a new task's fields, and the goals' stored counts.
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import type { CreateTaskBody, Task } from "../../../shared/api/tasks.ts";
import { notFound } from "../../app-error.ts";
import { checklistText } from "../../db/checklist-column.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import type { GoalCountedState, NewTask, TasksRepository, TaskState } from "./tasks.repository.ts";

export interface TasksServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export const TASK_CHANGES: readonly ChangeKind[] = ["tasks"];

export const taskNotFound = () => notFound("Task");
export const goalNotFound = () => notFound("Goal");

type GoalCountChange = readonly [before: GoalCountedState | null, after: GoalCountedState | null];

// In the caller's transaction, so the goals' stored counts (migration 0003) move with the task writes: one update per goal.
export async function adjustGoalCounts(repository: TasksRepository, userId: string, changes: readonly GoalCountChange[]): Promise<void> {
  const byGoal = new Map<string, { total: number; completed: number }>();
  const add = (goalId: string, total: number, completed: number) => {
    const sum = byGoal.get(goalId) ?? { total: 0, completed: 0 };
    byGoal.set(goalId, { total: sum.total + total, completed: sum.completed + completed });
  };
  for (const [before, after] of changes) {
    const wasDone = before?.status === "done" ? 1 : 0;
    const isDone = after?.status === "done" ? 1 : 0;
    const from = before?.goalId ?? null;
    const to = after?.goalId ?? null;
    if (from !== null && from === to) add(from, 0, isDone - wasDone);
    else {
      if (from !== null) add(from, -1, -wasDone);
      if (to !== null) add(to, 1, isDone);
    }
  }
  for (const [goalId, change] of byGoal) {
    if (change.total !== 0 || change.completed !== 0) await repository.adjustGoalTaskCounts(userId, goalId, change);
  }
}

export function isUntouched(task: TaskState): boolean {
  return task.status === "todo" && task.workSessionCount === 0;
}

export function taskRow(task: Task, occurrenceDate: string | null): NewTask {
  const { goalTitle: _joined, userId: _owner, recurrence: _rule, checklist, ...row } = task;
  return { ...row, checklist: checklistText(checklist), occurrenceDate };
}

/** steps (a breakdown's) become the checklist, none ticked. */
export function newTask(
  userId: string,
  body: CreateTaskBody & { id?: string; steps?: readonly string[] },
  createdAt: string,
  position: number,
): Task {
  const date = body.date ?? null;
  return {
    id: body.id ?? randomUUID(),
    userId,
    goalId: body.goalId ?? null,
    goalTitle: null,
    title: body.title,
    description: body.description ?? null,
    status: "todo",
    date,
    estimatedDuration: body.estimatedDuration ?? null,
    scheduledStartTime: body.scheduledStartTime ?? null,
    firstStartedAt: null,
    currentSessionStartedAt: null,
    workSessionCount: 0,
    startedAt: null,
    completedAt: null,
    trackedMinutes: 0,
    rolloverCount: 0,
    firstPlannedDate: date,
    rolledOverFromDate: null,
    position: body.position ?? position,
    recurrence: null,
    seriesId: null,
    checklist: (body.steps ?? []).map((title, index) => ({ id: randomUUID(), title, done: false, position: index })),
    createdAt,
    updatedAt: createdAt,
  };
}
