import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { CreateTaskInput, Task, TaskStatus } from "../../../../shared/api/tasks.ts";
import { addDays } from "../../../../shared/rules/dates.ts";
import { isListedOverdue } from "../../../../shared/rules/future-tasks.ts";
import { statusChangeStamps } from "../../../../shared/rules/task-lifecycle.ts";
import { compareTaskOrder, positionBetween } from "../../../../shared/rules/task-order.ts";
import { queryPrefixes } from "../../../lib/query-dependents.ts";
import { taskQueryKeys } from "../api/task-query-keys.ts";

export interface TaskPatch {
  title?: string;
  description?: string | null;
  estimatedDuration?: number | null;
  scheduledStartTime?: string | null;
  goalId?: string | null;
  status?: TaskStatus;
  date?: string | null;
  position?: number;
  recurrence?: string | null;
}

function blankAsNull(value: string | null): string | null {
  const trimmed = value?.trim() ?? "";
  return trimmed === "" ? null : trimmed;
}

export function patchTask(task: Task, patch: TaskPatch, now: Date, goalTitle?: string | null): Task {
  const next: Task = { ...task, updatedAt: now.toISOString() };
  if (patch.title !== undefined) next.title = patch.title.trim();
  if (patch.description !== undefined) next.description = blankAsNull(patch.description);
  if (patch.estimatedDuration !== undefined) next.estimatedDuration = patch.estimatedDuration;
  if (patch.recurrence !== undefined) next.recurrence = patch.recurrence;
  if (patch.scheduledStartTime !== undefined) next.scheduledStartTime = blankAsNull(patch.scheduledStartTime);
  if (patch.goalId !== undefined) {
    next.goalId = blankAsNull(patch.goalId);
    if (next.goalId === null) next.goalTitle = null;
    else if (next.goalId !== task.goalId) next.goalTitle = goalTitle ?? null;
  }
  if (patch.date !== undefined) {
    next.date = blankAsNull(patch.date);
    if (next.date !== null && task.firstPlannedDate === null) next.firstPlannedDate = next.date;
  }
  if (patch.status !== undefined) Object.assign(next, statusChangeStamps(task, patch.status, now));
  if (patch.position !== undefined) next.position = patch.position;
  return next;
}

type Compare = (a: Task, b: Task) => number;

const byFutureOrder: Compare = (a, b) => {
  if (a.date !== b.date) {
    if (a.date === null) return -1;
    if (b.date === null) return 1;
    return a.date < b.date ? -1 : 1;
  }
  return compareTaskOrder(a, b);
};

/** Unchanged lists keep their identity. */
export function placeTask(list: readonly Task[], id: string, task: Task | null, belongs: boolean, compare: Compare): Task[] {
  const index = list.findIndex((item) => item.id === id);
  if (!task || !belongs) return index === -1 ? (list as Task[]) : list.filter((item) => item.id !== id);
  if (index !== -1) list = list.filter((item) => item.id !== id);
  const at = list.findIndex((item) => compare(task, item) < 0);
  return at === -1 ? [...list, task] : [...list.slice(0, at), task, ...list.slice(at)];
}

export function placeTaskInCachedList(queryKey: QueryKey, list: readonly Task[], id: string, task: Task | null): Task[] {
  const [, kind, first, second] = queryKey as readonly unknown[];
  if (kind === "day" && typeof first === "string") {
    return placeTask(list, id, task, task?.date === first, compareTaskOrder);
  }
  if (kind === "stalled") {
    return placeTask(list, id, task, task?.status === "stalled", compareTaskOrder);
  }
  if (kind === "future" && typeof first === "string" && typeof second === "string" && task) {
    // The panel's window starts tomorrow: the day before it is the user's today.
    const today = addDays(first, -1);
    const belongs = task.date === null || (task.date >= first && task.date <= second) || isListedOverdue(task, today);
    return placeTask(list, id, task, belongs, byFutureOrder);
  }
  if (kind === "future") return placeTask(list, id, task, false, byFutureOrder);
  return list as Task[];
}

function cachedTaskLists(queryClient: QueryClient): [QueryKey, Task[]][] {
  return queryClient
    .getQueriesData<Task[]>({ queryKey: taskQueryKeys.all })
    .filter((entry): entry is [QueryKey, Task[]] => Array.isArray(entry[1]));
}

export function findCachedTask(queryClient: QueryClient, id: string): Task | undefined {
  let found: Task | undefined;
  for (const [, list] of cachedTaskLists(queryClient)) {
    const task = list.find((item) => item.id === id);
    if (task && (!found || task.updatedAt > found.updatedAt)) found = task;
  }
  return found;
}

/** Before the optimistic change, which runs ahead of the send with the same variables: the label names the task as it was. */
export function nameFromCache(queryClient: QueryClient, variables: { id: string; title?: string }): void {
  const title = findCachedTask(queryClient, variables.id)?.title;
  if (title !== undefined) variables.title ??= title;
}

function cachedGoalTitle(queryClient: QueryClient, goalId: string | null | undefined): string | null {
  if (!goalId) return null;
  const goals = queryClient.getQueryData<unknown>(queryPrefixes.goals);
  if (!Array.isArray(goals)) return null;
  const goal = (goals as { id?: unknown; title?: unknown }[]).find((item) => item.id === goalId);
  return typeof goal?.title === "string" ? goal.title : null;
}

export type Rollback = () => void;

/** Running fetches are cancelled first, so that an older answer cannot overwrite the change. */
export async function applyOptimisticChange(
  queryClient: QueryClient,
  taskId: string,
  change: (task: Task) => Task | null,
): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey: taskQueryKeys.all });
  return changeCachedTask(queryClient, taskId, change);
}

export function changeCachedTask(queryClient: QueryClient, taskId: string, change: (task: Task) => Task | null): Rollback {
  const current = findCachedTask(queryClient, taskId);
  if (!current) return () => {};
  const next = change(current);
  const snapshots = cachedTaskLists(queryClient);
  for (const [queryKey, list] of snapshots) {
    const updated = placeTaskInCachedList(queryKey, list, taskId, next);
    if (updated !== list) queryClient.setQueryData(queryKey, updated);
  }
  // Only this task goes back: the changes made to others meanwhile (queued offline) stay.
  return () => {
    for (const [queryKey, list] of snapshots) {
      const before = list.find((item) => item.id === taskId) ?? null;
      queryClient.setQueryData<Task[]>(queryKey, (now) => (now ? placeTaskInCachedList(queryKey, now, taskId, before) : now));
    }
  };
}

export function applyOptimisticPatch(queryClient: QueryClient, taskId: string, patch: TaskPatch, now = new Date()): Promise<Rollback> {
  return applyOptimisticChange(queryClient, taskId, (task) => patchTask(task, patch, now, cachedGoalTitle(queryClient, patch.goalId)));
}

export function patchCachedTask(queryClient: QueryClient, taskId: string, patch: TaskPatch, now = new Date()): Rollback {
  return changeCachedTask(queryClient, taskId, (task) => patchTask(task, patch, now, cachedGoalTitle(queryClient, patch.goalId)));
}

export function applyOptimisticDelete(queryClient: QueryClient, taskId: string): Promise<Rollback> {
  return applyOptimisticChange(queryClient, taskId, () => null);
}

export type NewTaskInput = CreateTaskInput & { id: string };

/** The create body's nullable fields take "" for null (the schema's preprocess), hence unknown. */
const textOrNull = (value: unknown): string | null => (typeof value === "string" ? blankAsNull(value) : null);

/** The task as the server will make it (tasks.service.ts newTask), last in its day unless placed. */
export function newTask(input: NewTaskInput, now: Date, position: number, goalTitle: string | null): Task {
  const date = textOrNull(input.date);
  const at = now.toISOString();
  return {
    id: input.id,
    userId: "",
    goalId: textOrNull(input.goalId),
    goalTitle: textOrNull(input.goalId) ? goalTitle : null,
    title: input.title.trim(),
    description: blankAsNull(input.description ?? null),
    status: "todo",
    date,
    estimatedDuration: input.estimatedDuration ?? null,
    scheduledStartTime: textOrNull(input.scheduledStartTime),
    firstStartedAt: null,
    currentSessionStartedAt: null,
    workSessionCount: 0,
    startedAt: null,
    completedAt: null,
    trackedMinutes: 0,
    rolloverCount: 0,
    firstPlannedDate: date,
    rolledOverFromDate: null,
    position: input.position ?? position,
    recurrence: textOrNull(input.recurrence),
    seriesId: null,
    checklist: [],
    createdAt: at,
    updatedAt: at,
  };
}

function lastPosition(queryClient: QueryClient, date: string | null): number {
  const day = date === null ? undefined : queryClient.getQueryData<Task[]>(taskQueryKeys.day(date));
  const positions = (day ?? []).map((task) => task.position);
  return positionBetween(positions.length > 0 ? Math.max(...positions) : 0, null);
}

/** Shows the new task in every cached list it belongs to, before the server has it (or while offline). */
export async function applyOptimisticCreate(queryClient: QueryClient, input: NewTaskInput, now = new Date()): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey: taskQueryKeys.all });
  return placeNewTask(queryClient, input, now);
}

export function placeNewTask(queryClient: QueryClient, input: NewTaskInput, now: Date): Rollback {
  // Shown again after each fetch while it waits: it keeps the place it was given.
  const position = findCachedTask(queryClient, input.id)?.position ?? lastPosition(queryClient, textOrNull(input.date));
  const task = newTask(input, now, position, cachedGoalTitle(queryClient, textOrNull(input.goalId)));
  const snapshots = cachedTaskLists(queryClient);
  for (const [queryKey, list] of snapshots) {
    const updated = placeTaskInCachedList(queryKey, list, task.id, task);
    if (updated !== list) queryClient.setQueryData(queryKey, updated);
  }
  return () => {
    for (const [queryKey] of snapshots) {
      queryClient.setQueryData<Task[]>(queryKey, (list) => list?.filter((item) => item.id !== task.id));
    }
  };
}
