import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { ESTIMATED_DURATION_MAX_MINUTES, ESTIMATED_DURATION_MIN_MINUTES } from "../../../../shared/api/task-limits.ts";

export const MINUTES_PER_DAY = 24 * 60;
export const HOUR_HEIGHT_PX = 64;
export const SNAP_MINUTES = 15;
export const DURATION_STEP_MINUTES = 5;
export const DEFAULT_TASK_MINUTES = 30;
export const DEFAULT_WORKDAY_START = "09:00";
export const DEFAULT_WORKDAY_END = "17:00";

export function minutesToPx(minutes: number): number {
  return (minutes * HOUR_HEIGHT_PX) / 60;
}

export function pxToMinutes(px: number): number {
  return (px * 60) / HOUR_HEIGHT_PX;
}

export function snapMinutes(minutes: number, step = SNAP_MINUTES): number {
  return Math.round(minutes / step) * step;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** A start the grid can show: on the 15-minute grid, from 00:00 to 23:45. */
export function clampStart(minutes: number): number {
  return clamp(snapMinutes(minutes), 0, MINUTES_PER_DAY - SNAP_MINUTES);
}

/** The spec's limits for an estimate, in its 5-minute steps. */
export function clampDuration(minutes: number): number {
  return clamp(snapMinutes(minutes, DURATION_STEP_MINUTES), ESTIMATED_DURATION_MIN_MINUTES, ESTIMATED_DURATION_MAX_MINUTES);
}

export function timeToMinutes(time: string): number {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  return hours * 60 + minutes;
}

export function minutesToTime(minutes: number): string {
  const within = clamp(Math.round(minutes), 0, MINUTES_PER_DAY - 1);
  return `${String(Math.floor(within / 60)).padStart(2, "0")}:${String(within % 60).padStart(2, "0")}`;
}

export interface Span {
  start: number;
  end: number;
}

export function taskSpan(task: Pick<Task, "scheduledStartTime" | "estimatedDuration">): Span | null {
  if (!task.scheduledStartTime) return null;
  const start = timeToMinutes(task.scheduledStartTime);
  return { start, end: Math.min(start + (task.estimatedDuration ?? DEFAULT_TASK_MINUTES), MINUTES_PER_DAY) };
}

/** Times carry the user's offset, so the wall clock is the text; an event from or into another day is cut at midnight. */
export function eventSpan(event: Pick<CalendarEvent, "start" | "end" | "allDay">, date: string): Span | null {
  if (event.allDay) return null;
  const start = event.start.slice(0, 10) < date ? 0 : timeToMinutes(event.start.slice(11, 16));
  const end = event.end.slice(0, 10) > date ? MINUTES_PER_DAY : timeToMinutes(event.end.slice(11, 16));
  return end > start ? { start, end } : null;
}

export interface Placed {
  column: number;
  columns: number;
}

/** Blocks that overlap, directly or through others, share the width: each takes the first column free at its start. */
export function layoutColumns<T extends Span & { id: string }>(items: readonly T[]): Map<string, Placed> {
  const sorted = items.slice().sort((a, b) => a.start - b.start || b.end - a.end || (a.id < b.id ? -1 : 1));
  const placed = new Map<string, Placed>();
  let group: { id: string; column: number }[] = [];
  let columnEnds: number[] = [];
  let groupEnd = -1;
  const close = () => {
    for (const { id, column } of group) placed.set(id, { column, columns: columnEnds.length });
    group = [];
    columnEnds = [];
  };
  for (const item of sorted) {
    if (item.start >= groupEnd) close();
    let column = columnEnds.findIndex((end) => end <= item.start);
    if (column === -1) column = columnEnds.push(item.end) - 1;
    else columnEnds[column] = item.end;
    group.push({ id: item.id, column });
    groupEnd = Math.max(groupEnd, item.end);
  }
  close();
  return placed;
}

/** A block at least a quarter hour tall, so that a 5-minute task can still be read and grabbed. */
export function blockBox(span: Span, placed: Placed = { column: 0, columns: 1 }) {
  return {
    top: minutesToPx(span.start),
    height: Math.max(minutesToPx(span.end - span.start), minutesToPx(SNAP_MINUTES)),
    left: `${(placed.column / placed.columns) * 100}%`,
    width: `${100 / placed.columns}%`,
  };
}

/** Goals have no colour of their own: each gets a stable one from its id. */
const GOAL_COLOURS = ["#4f46e5", "#0891b2", "#16a34a", "#ca8a04", "#db2777", "#7c3aed", "#ea580c", "#0d9488"] as const;

export function goalColour(goalId: string | null): string | null {
  if (!goalId) return null;
  let hash = 0;
  for (const char of goalId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return GOAL_COLOURS[hash % GOAL_COLOURS.length]!;
}
