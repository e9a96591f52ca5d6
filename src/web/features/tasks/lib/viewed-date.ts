import { isCalendarDate } from "../../../../shared/rules/dates.ts";

export const VIEWABLE_YEARS = 10;

function shiftYears(day: string, years: number): string {
  const year = Number(day.slice(0, 4)) + years;
  // Feb 29 ten years on is Feb 28 (a string compare of yyyy-MM-dd is a date compare).
  const monthDay = day.slice(5) === "02-29" ? "02-28" : day.slice(5);
  return `${String(year).padStart(4, "0")}-${monthDay}`;
}

export function viewableRange(today: string): { first: string; last: string } {
  return { first: shiftYears(today, -VIEWABLE_YEARS), last: shiftYears(today, VIEWABLE_YEARS) };
}

export function readViewedDateParam(param: string | null, today: string): { date: string } | { rejected: string } | null {
  if (param === null) return null;
  const { first, last } = viewableRange(today);
  if (isCalendarDate(param) && param >= first && param <= last) return { date: param };
  return { rejected: param };
}

export function rejectedDateToast(rejected: string): { title: string; description: string } {
  const shown = rejected.length > 40 ? `${rejected.slice(0, 40)}…` : rejected;
  return {
    title: "Showing today",
    description: `"${shown}" is not a day the board can show (a real date within ${VIEWABLE_YEARS} years of today).`,
  };
}
