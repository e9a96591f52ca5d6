// When auto rollover closes a user's day (product-decisions.md "End-of-day rollover"): at
// autoRolloverTime on that day, in the user's IANA zone. Pure, so the scheduler, the settings
// write and the migration that schedules existing users all compute the same instants.
import type { RolloverSettings } from "../api/rollover.ts";
import { addDays, dayInZone, isCalendarDate, isTimeOfDay, wallClockInZone } from "./dates.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Whether the scheduler closes this user's days by itself (requireConfirmation waits for the user). */
export function isAutoRolloverOn(settings: Pick<RolloverSettings, "autoRolloverEnabled" | "requireConfirmation">): boolean {
  return settings.autoRolloverEnabled && !settings.requireConfirmation;
}

/** The wall clock the zone shows at `instantMs`, as the epoch ms of that wall time read as UTC (minutes). */
function wallClockMs(instantMs: number, timeZone: string): number {
  const { date, hour, minute } = wallClockInZone(instantMs, timeZone);
  return Date.parse(date) + (hour * 60 + minute) * MINUTE_MS;
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
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const target = Date.UTC(year, month - 1, date, hours, minutes);

  // The zone's offsets a day either side cover any change near the target (changes are months apart).
  const offsets = new Set([-DAY_MS, 0, DAY_MS].map((shift) => wallClockMs(target + shift, timeZone) - (target + shift)));
  const candidates = [...offsets].map((offset) => target - offset).sort((a, b) => a - b);
  const exact = candidates.find((candidate) => wallClockMs(candidate, timeZone) === target);
  if (exact !== undefined) return new Date(exact);

  // In a gap: the wall clock jumps past the target between the earliest and the latest candidate;
  // find the first minute at which it shows the target or later (changes fall on whole minutes).
  let low = candidates[0]!; // shows a time before the target
  let high = candidates[candidates.length - 1]!; // shows a time after it
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (wallClockMs(middle, timeZone) >= target) high = middle;
    else low = middle;
  }
  return new Date(high);
}

export interface AutoRolloverSlot {
  /** The day to close. */
  day: string;
  /** When it is closed. */
  at: Date;
}

/** The first day whose auto rollover instant is after `after`, and that instant. */
export function nextAutoRollover(time: string, timeZone: string, after: Date): AutoRolloverSlot {
  let day = addDays(dayInZone(after, timeZone), -1);
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
  const today = dayInZone(now, timeZone);
  const oldest = addDays(today, -settings.maxRolloverDays);
  const days: string[] = [];
  for (let day = fromDay < oldest ? oldest : fromDay; day <= today; day = addDays(day, 1)) {
    if (autoRolloverInstant(day, settings.autoRolloverTime, timeZone).getTime() <= now.getTime()) days.push(day);
  }
  return days;
}
