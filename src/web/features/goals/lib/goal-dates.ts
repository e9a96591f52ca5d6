import { format } from "date-fns";
import { dayInZone, isCalendarDate } from "../../../../shared/rules/dates.ts";

export const NO_TARGET_DATE_TEXT = "No target date";

/** Built from its parts, so that no zone can shift it. */
export function formatCalendarDay(day: string): string {
  if (!isCalendarDate(day)) return day;
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return format(new Date(year, month - 1, date), "MMM d, yyyy");
}

export function formatInstantDay(instant: string, timeZone: string): string {
  return formatCalendarDay(dayInZone(instant, timeZone));
}
