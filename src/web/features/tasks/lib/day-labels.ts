// How calendar days ('yyyy-MM-dd', zone-free) read on the board and in the Future Tasks panel.
import { format, parseISO } from "date-fns";
import { daysBetween } from "../../../../shared/rules/dates.ts";

/** The day as a local Date at midnight, only for formatting its name. */
function asDate(day: string): Date {
  return parseISO(day);
}

/** The board heading away from today, e.g. 'Mon, Nov 23'. */
export function shortDateLabel(day: string): string {
  return format(asDate(day), "EEE, MMM d");
}

/** Above the progress bar, e.g. 'Monday, November 23, 2026'. */
export function fullDateLabel(day: string): string {
  return format(asDate(day), "EEEE, MMMM d, yyyy");
}

/** A Future Tasks group, e.g. 'Tuesday, November 24', with '(Overdue)' for a past day. */
export function futureGroupHeading(day: string, today: string): string {
  const heading = format(asDate(day), "EEEE, MMMM d");
  return day < today ? `${heading} (Overdue)` : heading;
}

/** A Future Tasks card's date: Unscheduled, Today, Tomorrow, a weekday this week, else month/day. */
export function futureDateLabel(day: string | null, today: string): string {
  if (day === null) return "Unscheduled";
  const ahead = daysBetween(today, day);
  if (ahead === 0) return "Today";
  if (ahead === 1) return "Tomorrow";
  if (ahead > 1 && ahead < 7) return format(asDate(day), "EEEE");
  return format(asDate(day), "MMM d");
}

/** A running session as 'm:ss', or 'h:mm:ss' from an hour. */
export function formatElapsed(ms: number): string {
  const totalSeconds = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = String(totalSeconds % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
