import { addDays } from "../../../../shared/rules/dates.ts";

export interface DayChoice {
  label: "Today" | "Tomorrow" | "Next week" | "No date";
  /** null: no day, listed under Unscheduled in Future Tasks. */
  date: string | null;
}

/** Monday of the week after today's, as quick add reads "next week". */
export function nextWeekDay(today: string): string {
  const sinceMonday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  return addDays(today, 7 - sinceMonday);
}

export function dayChoices(today: string): DayChoice[] {
  return [
    { label: "Today", date: today },
    { label: "Tomorrow", date: addDays(today, 1) },
    { label: "Next week", date: nextWeekDay(today) },
    { label: "No date", date: null },
  ];
}
