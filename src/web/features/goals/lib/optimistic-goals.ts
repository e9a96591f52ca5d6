import type { QueryClient } from "@tanstack/react-query";
import type { CreateGoalInput, Goal, UpdateGoalInput } from "../../../../shared/api/goals.ts";
import { goalsQueryKey } from "../api/get-goals.ts";

export type NewGoalInput = CreateGoalInput & { id: string };
export type Rollback = () => void;

const blankAsNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

export function newGoal(input: NewGoalInput, now: Date): Goal {
  const at = now.toISOString();
  return {
    id: input.id,
    title: input.title.trim(),
    description: blankAsNull(input.description),
    targetDate: blankAsNull(input.targetDate),
    status: input.status ?? "active",
    createdAt: at,
    updatedAt: at,
    completedTasksCount: 0,
    totalTasksCount: 0,
    progressPercentage: 0,
  };
}

export function patchGoal(goal: Goal, input: UpdateGoalInput, now: Date): Goal {
  const next: Goal = { ...goal, updatedAt: now.toISOString() };
  if (input.title !== undefined) next.title = input.title.trim();
  if (input.description !== undefined) next.description = blankAsNull(input.description);
  if (input.targetDate !== undefined) next.targetDate = blankAsNull(input.targetDate);
  if (input.status !== undefined) next.status = input.status;
  return next;
}

/** Running fetches are cancelled first, so that an older answer cannot overwrite the change. */
export async function applyGoalsChange(queryClient: QueryClient, id: string, change: (goals: Goal[]) => Goal[]): Promise<Rollback> {
  await queryClient.cancelQueries({ queryKey: goalsQueryKey });
  return changeCachedGoals(queryClient, id, change);
}

/** The rollback puts back only goal `id`, so the changes queued after it (offline) stay shown. */
export function changeCachedGoals(queryClient: QueryClient, id: string, change: (goals: Goal[]) => Goal[]): Rollback {
  const before = queryClient.getQueryData<Goal[]>(goalsQueryKey);
  if (!before) return () => {};
  queryClient.setQueryData<Goal[]>(goalsQueryKey, change(before));
  const old = before.find((goal) => goal.id === id);
  return () =>
    queryClient.setQueryData<Goal[]>(goalsQueryKey, (goals) => {
      if (!goals) return goals;
      const others = goals.filter((goal) => goal.id !== id);
      if (!old) return others;
      if (others.length < goals.length) return goals.map((goal) => (goal.id === id ? old : goal));
      const at = others.findIndex((goal) => goal.createdAt < old.createdAt);
      return at === -1 ? [...others, old] : [...others.slice(0, at), old, ...others.slice(at)];
    });
}

/** The list is newest first. */
export const withNewGoal = (input: NewGoalInput, now: Date) => (goals: Goal[]) => [
  newGoal(input, now),
  ...goals.filter((goal) => goal.id !== input.id),
];
export const withGoalPatched = (id: string, input: UpdateGoalInput, now: Date) => (goals: Goal[]) =>
  goals.map((goal) => (goal.id === id ? patchGoal(goal, input, now) : goal));
export const withoutGoal = (id: string) => (goals: Goal[]) => goals.filter((goal) => goal.id !== id);

export const applyOptimisticGoalCreate = (queryClient: QueryClient, input: NewGoalInput, now = new Date()) =>
  applyGoalsChange(queryClient, input.id, withNewGoal(input, now));
export const applyOptimisticGoalUpdate = (queryClient: QueryClient, id: string, input: UpdateGoalInput, now = new Date()) =>
  applyGoalsChange(queryClient, id, withGoalPatched(id, input, now));
export const applyOptimisticGoalDelete = (queryClient: QueryClient, id: string) => applyGoalsChange(queryClient, id, withoutGoal(id));

export function cachedGoalTitle(queryClient: QueryClient, id: string): string {
  return queryClient.getQueryData<Goal[]>(goalsQueryKey)?.find((goal) => goal.id === id)?.title ?? "goal";
}
