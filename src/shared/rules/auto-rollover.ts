// Pure, so that the scheduler, the settings write and the migration compute the same instants.
import type { RolloverSettings } from "../api/rollover.ts";
import { addDays, dayInZone, isCalendarDate, isTimeOfDay, wallClockInZone } from "./dates.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

export function isAutoRolloverOn(settings: Pick<RolloverSettings, "autoRolloverEnabled" | "requireConfirmation">): boolean {
  return settings.autoRolloverEnabled && !settings.requireConfirmation;
}

function wallClockMs(instantMs: number, timeZone: string): number {
  const { date, hour, minute } = wallClockInZone(instantMs, timeZone);
  return Date.parse(date) + (hour * 60 + minute) * MINUTE_MS;
}

/** A time skipped by spring-forward is the first instant after the gap; a repeated one is its first occurrence. */
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

  // In a gap: search for the first minute showing the target or later (changes fall on whole minutes).
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
  day: string;
  at: Date;
}

export function nextAutoRollover(time: string, timeZone: string, after: Date): AutoRolloverSlot {
  let day = addDays(dayInZone(after, timeZone), -1);
  for (;;) {
    const at = autoRolloverInstant(day, time, timeZone);
    if (at.getTime() > after.getTime()) return { day, at };
    day = addDays(day, 1);
  }
}

/** Older days are left out: a server that has been down catches up on recent days only. */
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
