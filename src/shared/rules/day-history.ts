// A closed day keeps its story (issue 56): the tasks its close moved off it were planned that day too.
import type { RolloverSummary } from "../api/rollover.ts";
import { completionRate } from "./workload.ts";

export interface ClosedDay {
  date: string;
  /** The tasks its close moved off the day: rolled over, stalled onto the next day, or deferred. */
  movedOn: readonly string[];
}

export function closedDayOf(summary: Pick<RolloverSummary, "date" | "taskIds">): ClosedDay {
  const { rollover, stall, defer } = summary.taskIds;
  return { date: summary.date, movedOn: [...new Set([...rollover, ...stall, ...defer])] };
}

/** The moved-on tasks of these closed days that are not among `present` (moved back, or still within the range read). */
export function movedOnBeyond(days: readonly ClosedDay[], present: Iterable<string>): string[] {
  const seen = new Set(present);
  const beyond: string[] = [];
  for (const day of days)
    for (const id of day.movedOn)
      if (!seen.has(id)) {
        seen.add(id);
        beyond.push(id);
      }
  return beyond;
}

export interface DayHistoryCounts {
  done: number;
  total: number;
  percent: number;
  /** On a closed day, the tasks its close moved on; on an open one, those rolled onto it. */
  rolledOver: number;
}

/** The board's counter and progress: the day's tasks as they are, plus, on a closed day, those its close moved on. */
export function dayHistoryCounts(
  onDay: { done: number; total: number },
  stats: { closed?: boolean; movedOn?: number; rolledOver: number } | undefined,
): DayHistoryCounts {
  const movedOn = stats?.closed ? (stats.movedOn ?? 0) : 0;
  const total = onDay.total + movedOn;
  return {
    done: onDay.done,
    total,
    percent: completionRate(total, onDay.done),
    rolledOver: stats?.closed ? movedOn : (stats?.rolledOver ?? 0),
  };
}
