import type { QueryKey } from "@tanstack/react-query";
import type { ChangeEvent, ChangeKind } from "../../../../shared/api/live-events.ts";

// The features' key prefixes (tasks/api/task-query-keys.ts, goals, insights, rollover, calendar, session), as
// literals: importing them would bring those features' code into this chunk.
const TASKS = ["tasks"];
const GOALS = ["goals"];
const INSIGHTS = ["insights"];
const ROLLOVER_SUMMARIES = ["rollover", "summary"];
const ROLLOVER = ["rollover"];
const CALENDAR = ["calendar"];
const USER = ["session", "user"];
const EVERYTHING = [USER, TASKS, GOALS, INSIGHTS, ROLLOVER, CALENDAR];

/** The queries that show each kind of change: goal progress, insights and day summaries follow the tasks. */
const queriesOf: Record<ChangeKind, QueryKey[]> = {
  tasks: [TASKS, GOALS, INSIGHTS, ROLLOVER_SUMMARIES],
  goals: [GOALS, TASKS],
  insights: [INSIGHTS],
  rollover: [ROLLOVER, TASKS, INSIGHTS],
  calendar: [CALENDAR],
  user: EVERYTHING,
  all: EVERYTHING,
};

export const ALL_QUERIES: QueryKey[] = EVERYTHING;

/** The query prefixes to refetch for these events, leaving out the tab's own writes (it refetched after them). */
export function queriesToRefetch(events: readonly ChangeEvent[], ownVersions: ReadonlySet<number>): QueryKey[] {
  const keys = new Map<string, QueryKey>();
  for (const event of events) {
    if (ownVersions.has(event.version)) continue;
    for (const kind of event.kinds) for (const key of queriesOf[kind]) keys.set(JSON.stringify(key), key);
  }
  // A prefix covers its longer keys.
  const all = [...keys.values()];
  return all.filter((key) => !all.some((other) => other !== key && other.length < key.length && other.every((part, i) => key[i] === part)));
}
