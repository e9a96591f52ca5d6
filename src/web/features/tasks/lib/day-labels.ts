import { format, parseISO } from "date-fns";
import { daysBetween } from "../../../../shared/rules/dates.ts";

/** Local midnight, only for formatting its name. */
function asDate(day: string): Date {
  return parseISO(day);
}

export function shortDateLabel(day: string): string {
  return format(asDate(day), "EEE, MMM d");
}

export function fullDateLabel(day: string): string {
  return format(asDate(day), "EEEE, MMMM d, yyyy");
}

export function futureGroupHeading(day: string, today: string): string {
  const heading = format(asDate(day), "EEEE, MMMM d");
  return day < today ? `${heading} (Overdue)` : heading;
}

export function futureDateLabel(day: string | null, today: string): string {
  if (day === null) return "Unscheduled";
  const ahead = daysBetween(today, day);
  if (ahead === 0) return "Today";
  if (ahead === 1) return "Tomorrow";
  if (ahead > 1 && ahead < 7) return format(asDate(day), "EEEE");
  return format(asDate(day), "MMM d");
}

export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

export function weekdayDateLabel(day: string): string {
  return format(asDate(day), "EEEE, MMM d");
}
