// 'Plan my day' (issue 52), pure: all times are minutes from the day's local midnight (helpers below convert).
import { isTimeOfDay, wallClockInZone } from "./dates.ts";
import type { MeetingLike } from "./meetings.ts";
import { boardColumnOf, type TaskStatus } from "./task-status.ts";
import { effectiveEstimateMinutes } from "./task-timing.ts";

export const DEFAULT_WORKDAY_START = "09:00";
export const DEFAULT_WORKDAY_END = "17:00";
export const DEFAULT_MEETING_GAP_MINUTES = 5;
export const DEFAULT_UNPLANNED_PERCENT = 15;
export const DAY_PLAN_SNAP_MINUTES = 15;
export const MINUTES_PER_DAY = 24 * 60;

export const LONGER_THAN_ANY_SLOT = "longer than any free slot";
export const NO_FREE_TIME_LEFT = "no free time left";
export type UnplacedReason = typeof LONGER_THAN_ANY_SLOT | typeof NO_FREE_TIME_LEFT;

export type GoalPriority = "high" | "medium" | "low";

export interface DayPlanEvent {
  start: number;
  end: number;
  busy: boolean;
  allDay: boolean;
}

export interface DayPlanTimedTask {
  start: number;
  estimatedDuration: number | null;
}

export interface DayPlanTask {
  id: string;
  title: string;
  status: TaskStatus;
  position: number;
  estimatedDuration: number | null;
  goalPriority: GoalPriority | null;
}

export interface DayPlanInput {
  workdayStart?: string;
  workdayEnd?: string;
  now?: number | null;
  events: readonly DayPlanEvent[];
  timedTasks: readonly DayPlanTimedTask[];
  tasks: readonly DayPlanTask[];
  meetingGapMinutes?: number;
  unplannedPercent?: number;
}

export interface PlacedTask {
  taskId: string;
  start: number;
  end: number;
}

export interface UnplacedTask {
  taskId: string;
  title: string;
  reason: UnplacedReason;
}

export interface DayPlan {
  placed: PlacedTask[];
  unplaced: UnplacedTask[];
  freeMinutes: number;
  plannedMinutes: number;
}

interface Span {
  start: number;
  end: number;
}

const PRIORITY_RANK: Record<GoalPriority, number> = { high: 0, medium: 1, low: 2 };
const NO_PRIORITY_RANK = 3;

export function minutesOfTime(time: string): number {
  if (!isTimeOfDay(time)) throw new RangeError(`Not a time of day: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

export function timeOfMinutes(minutes: number): string {
  const whole = Math.min(MINUTES_PER_DAY - 1, Math.max(0, Math.floor(minutes)));
  return `${String(Math.floor(whole / 60)).padStart(2, "0")}:${String(whole % 60).padStart(2, "0")}`;
}

function minuteOfDay(dateTime: string, day: string): number {
  const date = dateTime.slice(0, 10);
  if (date < day) return 0;
  if (date > day) return MINUTES_PER_DAY;
  return Number(dateTime.slice(11, 13)) * 60 + Number(dateTime.slice(14, 16));
}

export function dayPlanEvent(event: MeetingLike, day: string): DayPlanEvent {
  if (event.allDay) return { start: 0, end: 0, busy: event.busy, allDay: true };
  return { start: minuteOfDay(event.start, day), end: minuteOfDay(event.end, day), busy: event.busy, allDay: false };
}

/** null for a later day (no 'now' applies), the whole day for an earlier one; a started minute counts as gone. */
export function nowOnDay(day: string, now: Date, timeZone: string): number | null {
  const clock = wallClockInZone(now, timeZone);
  if (clock.date < day) return null;
  if (clock.date > day) return MINUTES_PER_DAY;
  const intoMinute = now.getTime() % 60_000 !== 0 ? 1 : 0;
  return clock.hour * 60 + clock.minute + intoMinute;
}

export function compareDayPlanOrder(a: DayPlanTask, b: DayPlanTask): number {
  const column = (task: DayPlanTask) => (boardColumnOf(task.status) === "inprogress" ? 0 : 1);
  const rank = (task: DayPlanTask) => (task.goalPriority ? PRIORITY_RANK[task.goalPriority] : NO_PRIORITY_RANK);
  return column(a) - column(b) || a.position - b.position || rank(a) - rank(b) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

function freeSpans(window: Span, blocks: readonly Span[]): Span[] {
  const spans: Span[] = [];
  let from = window.start;
  for (const block of blocks.slice().sort((a, b) => a.start - b.start || a.end - b.end)) {
    if (block.start >= window.end) break;
    if (block.start > from) spans.push({ start: from, end: block.start });
    from = Math.max(from, block.end);
  }
  if (window.end > from) spans.push({ start: from, end: window.end });
  return spans;
}

// Starts snap up to the Timeline's 15 minutes only when the task still fits, so snapping never unplaces a task.
function startInSpan(span: Span, duration: number): number | null {
  const snapped = Math.ceil(span.start / DAY_PLAN_SNAP_MINUTES) * DAY_PLAN_SNAP_MINUTES;
  if (snapped + duration <= span.end) return snapped;
  return span.start + duration <= span.end ? span.start : null;
}

export function planDay(input: DayPlanInput): DayPlan {
  const gap = Math.max(0, input.meetingGapMinutes ?? DEFAULT_MEETING_GAP_MINUTES);
  const unplannedPercent = Math.min(100, Math.max(0, input.unplannedPercent ?? DEFAULT_UNPLANNED_PERCENT));
  const window = {
    start: Math.max(minutesOfTime(input.workdayStart ?? DEFAULT_WORKDAY_START), input.now ?? 0),
    end: minutesOfTime(input.workdayEnd ?? DEFAULT_WORKDAY_END),
  };
  const blocks: Span[] = [
    ...input.events
      .filter((event) => event.busy && !event.allDay && event.end > event.start)
      .map((event) => ({ start: event.start, end: event.end + gap })),
    ...input.timedTasks.map((task) => ({ start: task.start, end: task.start + effectiveEstimateMinutes(task.estimatedDuration) })),
  ];
  const spans = freeSpans(window, blocks);
  const freeMinutes = spans.reduce((sum, span) => sum + span.end - span.start, 0);
  const longestSpan = spans.reduce((longest, span) => Math.max(longest, span.end - span.start), 0);

  const placed: PlacedTask[] = [];
  const unplaced: UnplacedTask[] = [];
  let plannedMinutes = 0;
  // Past the unplanned share the day is full: later, smaller tasks would only pack it tighter.
  let full = false;
  for (const task of input.tasks.slice().sort(compareDayPlanOrder)) {
    const duration = effectiveEstimateMinutes(task.estimatedDuration);
    const refuse = (reason: UnplacedReason) => unplaced.push({ taskId: task.id, title: task.title, reason });
    if (longestSpan > 0 && duration > longestSpan) {
      refuse(LONGER_THAN_ANY_SLOT);
      continue;
    }
    full ||= (plannedMinutes + duration) * 100 > freeMinutes * (100 - unplannedPercent);
    const index = full ? -1 : spans.findIndex((span) => startInSpan(span, duration) !== null);
    if (index < 0) {
      refuse(NO_FREE_TIME_LEFT);
      continue;
    }
    const span = spans[index]!;
    const start = startInSpan(span, duration)!;
    const end = start + duration;
    const rest = [
      { start: span.start, end: start },
      { start: end, end: span.end },
    ].filter((part) => part.end > part.start);
    spans.splice(index, 1, ...rest);
    placed.push({ taskId: task.id, start, end });
    plannedMinutes += duration;
  }
  placed.sort((a, b) => a.start - b.start);
  return { placed, unplaced, freeMinutes, plannedMinutes };
}

/** The working day's length in minutes ('HH:MM' to 'HH:MM'). */
export function workdayMinutes(workdayStart: string = DEFAULT_WORKDAY_START, workdayEnd: string = DEFAULT_WORKDAY_END): number {
  return Math.max(0, minutesOfTime(workdayEnd) - minutesOfTime(workdayStart));
}

/** The Capacity card's 'Planned 4h 30m of 5h free': timed tasks inside working hours, of the hours no busy meeting takes. */
export function plannedOfFree(input: Pick<DayPlanInput, "workdayStart" | "workdayEnd" | "events" | "timedTasks">): {
  plannedMinutes: number;
  freeMinutes: number;
} {
  const window = {
    start: minutesOfTime(input.workdayStart ?? DEFAULT_WORKDAY_START),
    end: minutesOfTime(input.workdayEnd ?? DEFAULT_WORKDAY_END),
  };
  const covered = (spans: readonly Span[]) =>
    window.end - window.start - freeSpans(window, spans).reduce((sum, span) => sum + span.end - span.start, 0);
  const meetings = input.events.filter((event) => event.busy && !event.allDay && event.end > event.start);
  const timed = input.timedTasks.map((task) => ({ start: task.start, end: task.start + effectiveEstimateMinutes(task.estimatedDuration) }));
  return { plannedMinutes: covered(timed), freeMinutes: Math.max(0, window.end - window.start - covered(meetings)) };
}
