// Display formats of spec section 9: durations as Xm or Xh Ym, times in 12-hour AM/PM.
import { isTimeOfDay } from "./dates.ts";

export const NO_TIME_SET = "No time set";

/**
 * Minutes as 'Xm' under an hour, else 'Xh Ym' (always both parts, e.g. '1h 0m', as the spec
 * gives only these two forms). Fractions round to the nearest minute; negative or non-finite reads 0m.
 */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < 60) return `${total}m`;
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}

/**
 * 'HH:MM' (24-hour) as 'h:MM AM/PM': 00:00 is 12:00 AM, 12:00 is 12:00 PM. Empty reads
 * 'No time set'; text that is not a time of day is shown unchanged rather than hidden.
 */
export function formatTime12h(time: string | null | undefined): string {
  if (!time) return NO_TIME_SET;
  if (!isTimeOfDay(time)) return time;
  const [hours, minutes] = time.split(":") as [string, string];
  const hour = Number(hours);
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minutes} ${suffix}`;
}
