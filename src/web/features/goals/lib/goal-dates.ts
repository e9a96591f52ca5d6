// How goal dates read on a card: calendar days as 'Mar 5, 2026'.
import { format } from "date-fns";
import { dayInZone, isCalendarDate } from "../../../../shared/rules/dates.ts";

export const NO_TARGET_DATE_TEXT = "No target date";

/** A 'yyyy-MM-dd' day as 'Mar 5, 2026' (built from its parts, so no zone can shift it). */
export function formatCalendarDay(day: string): string {
  if (!isCalendarDate(day)) return day;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), "MMM d, yyyy");
}

/** The day an instant (createdAt) fell on in the user's zone, as 'Mar 5, 2026'. */
export function formatInstantDay(instant: string, timeZone: string): string {
  return formatCalendarDay(dayInZone(instant, timeZone));
}
