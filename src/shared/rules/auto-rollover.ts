// When auto rollover closes a user's day (product-decisions.md "End-of-day rollover"): at
// autoRolloverTime on that day, in the user's IANA zone. Pure, so the scheduler, the settings
// write and the migration that schedules existing users all compute the same instants.
import type { RolloverSettings } from "../api/rollover.ts";
import { addDays, isCalendarDate, isKnownTimeZone, isTimeOfDay } from "./dates.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Whether the scheduler closes this user's days by itself (requireConfirmation waits for the user). */
export function isAutoRolloverOn(settings: Pick<RolloverSettings, "autoRolloverEnabled" | "requireConfirmation">): boolean {
  return settings.autoRolloverEnabled && !settings.requireConfirmation;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The zone to read times in: the user's, or UTC when the runtime does not know it (as dates.ts
 * does). Kept per zone: a scheduler tick asks for the same few zones thousands of times, and
 * making a formatter to check a zone costs far more than using one.
 */
function readableZone(timeZone: string): string {
  if (formatters.has(timeZone)) return timeZone;
  return isKnownTimeZone(timeZone) ? timeZone : "UTC";
}

/** The wall clock the zone shows at `instantMs`, as the epoch ms of that wall time read as UTC (minutes). */
function wallClockMs(instantMs: number, timeZone: string): number {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
    });
    formatters.set(timeZone, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(instantMs)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!);
}

/**
 * The instant auto rollover closes `day` at `time` in the zone: the first instant at which the
 * zone's wall clock shows that day and at least that time. So a time skipped by a spring-forward
 * change (02:30 in New York on its spring-forward night) is the first instant after the gap
 * (03:00 EDT), and a time that occurs twice on a fall-back night is its first occurrence, once.
 * An unknown zone is read as UTC, as everywhere else.
 */
export function autoRolloverInstant(day: string, time: string, timeZone: string): Date {
  if (!isCalendarDate(day)) throw new RangeError(`Not a calendar date: ${day}`);
  if (!isTimeOfDay(time)) throw new RangeError(`Not a time of day: ${time}`);
  const zone = readableZone(timeZone);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const target = Date.UTC(year, month - 1, date, hours, minutes);

  // The zone's offsets a day either side cover any change near the target (changes are months apart).
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => wallClockMs(target + shift, zone) - (target + shift)));
  const candidates = [...offsets].map((offset) => target - offset).sort((a, b) => a - b);
  const exact = candidates.find((candidate) => wallClockMs(candidate, zone) === target);
  if (exact !== undefined) return new Date(exact);

  // In a gap: the wall clock jumps past the target between the earliest and the latest candidate;
  // find the first minute at which it shows the target or later (changes fall on whole minutes).
  let low = candidates[0]!; // shows a time before the target
  let high = candidates[candidates.length - 1]!; // shows a time after it
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockMs(middle, zone) >= target) high = middle;
    else low = middle;
  }
  return new Date(high);
}

/** The calendar day an instant falls on in the zone (dates.ts's dayInZone, with a kept formatter). */
function dayAt(instant: Date, timeZone: string): string {
  return new Date(wallClockMs(instant.getTime(), readableZone(timeZone))).toISOString().slice(0, 10);
}

export interface AutoRolloverSlot {
  /** The day to close. */
  day: string;
  /** When it is closed. */
  at: Date;
}

/** The first day whose auto rollover instant is after `after`, and that instant. */
export function nextAutoRollover(time: string, timeZone: string, after: Date): AutoRolloverSlot {
  let day = addDays(dayAt(after, timeZone), -1);
  for (;;) {
    const at = autoRolloverInstant(day, time, timeZone);
    if (at.getTime() > after.getTime()) return { day, at };
    day = addDays(day, 1);
  }
}

/**
 * The days auto rollover should close now, oldest first: from `fromDay` (the first not yet
 * closed) through the days whose instant has passed, leaving out days older than maxRolloverDays
 * before the user's today (a server that was down catches up on recent days only).
 */
export function dueAutoRolloverDays(
  fromDay: string,
  settings: Pick<RolloverSettings, "autoRolloverTime" | "maxRolloverDays">,
  timeZone: string,
  now: Date,
): string[] {
  const today = dayAt(now, timeZone);
  const oldest = addDays(today, -settings.maxRolloverDays);
  const days: string[] = [];
  for (let day = fromDay < oldest ? oldest : fromDay; day <= today; day = addDays(day, 1)) {
    if (autoRolloverInstant(day, settings.autoRolloverTime, timeZone).getTime() <= now.getTime()) days.push(day);
  }
  return days;
}
