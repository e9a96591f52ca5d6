// Imports no feature, so that the live listener's chunk stays small.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ChangeKind } from "../../shared/api/live-events.ts";

export const queryPrefixes = {
  tasks: ["tasks"],
  goals: ["goals"],
  insights: ["insights"],
  rollover: ["rollover"],
  rolloverSummaries: ["rollover", "summary"],
  calendar: ["calendar"],
  user: ["session", "user"],
} as const;

const { tasks, goals, insights, rollover, rolloverSummaries, calendar, user } = queryPrefixes;
const everything: readonly QueryKey[] = [user, tasks, goals, insights, rollover, calendar];

/** Goal progress, the insights and the day summaries are computed from the tasks. */
const dependents: Record<ChangeKind, readonly QueryKey[]> = {
  tasks: [tasks, goals, insights, rolloverSummaries],
  goals: [goals, tasks],
  insights: [insights],
  rollover: [rollover, tasks, insights],
  calendar: [calendar],
  user: everything,
  all: everything,
};

export function dependentsOf(kind: ChangeKind): readonly QueryKey[] {
  return dependents[kind];
}

const covers = (prefix: QueryKey, key: QueryKey) => prefix.length <= key.length && prefix.every((part, i) => key[i] === part);

export function dependentsOfAll(kinds: Iterable<ChangeKind>): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const kind of kinds) for (const key of dependents[kind]) keys.set(JSON.stringify(key), key);
  const all = [...keys.values()];
  return all.filter((key) => !all.some((other) => other !== key && other.length < key.length && covers(other, key)));
}

export function refreshDependents(queryClient: QueryClient, kinds: Iterable<ChangeKind>): Promise<void> {
  return Promise.all(dependentsOfAll(kinds).map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(() => undefined);
}
