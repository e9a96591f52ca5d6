import { isTimeOfDay } from "./dates.ts";

export const NO_TIME_SET = "No time set";

/** Always both parts ('1h 0m'): the spec gives only these two forms. */
export function formatDuration(minutes: number): string {
  const total = Number.isFinite(minutes) ? Math.max(0, Math.round(minutes)) : 0;
  if (total < 60) return `${total}m`;
  return `${Math.floor(total / 60)}h ${total % 60}m`;
}

export function formatTime12h(time: string | null | undefined): string {
  if (!time) return NO_TIME_SET;
  if (!isTimeOfDay(time)) return time;
  const [hours, minutes] = time.split(":") as [string, string];
  const hour = Number(hours);
  const suffix = hour < 12 ? "AM" : "PM";
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${minutes} ${suffix}`;
}
