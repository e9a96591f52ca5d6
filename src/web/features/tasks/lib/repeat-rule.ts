// The task dialog's Repeat choices and custom editor, to and from an RRULE (without "RRULE:").
import { ordinal, readRecurrence, WEEKDAY_NAMES, WORK_WEEK } from "../../../../shared/rules/recurrence-words.ts";

export const WEEKDAY_CODES = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

export type RepeatChoice = "none" | "daily" | "weekdays" | "weekly" | "monthly" | "custom";
export type RepeatFrequency = "DAILY" | "WEEKLY" | "MONTHLY";
export type RepeatEnd = { kind: "never" } | { kind: "until"; date: string } | { kind: "count"; count: number };

export interface CustomRepeat {
  frequency: RepeatFrequency;
  interval: number;
  /** Weekly only; empty means the day of the task's date. */
  weekdays: WeekdayCode[];
  end: RepeatEnd;
}

export { WORK_WEEK };
export const WEEKDAY_LABELS: Record<WeekdayCode, string> = WEEKDAY_NAMES;
export const REPEAT_INTERVAL_MAX = 99;
export const REPEAT_COUNT_MAX = 999;

export function weekdayOfDate(date: string): WeekdayCode {
  return WEEKDAY_CODES[(new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7]!;
}

function dayOfMonth(date: string): number {
  return Number(date.slice(8, 10));
}

export function presetRule(choice: Exclude<RepeatChoice, "none" | "custom">, date: string): string {
  switch (choice) {
    case "daily":
      return "FREQ=DAILY";
    case "weekdays":
      return `FREQ=WEEKLY;BYDAY=${WORK_WEEK.join(",")}`;
    case "weekly":
      return `FREQ=WEEKLY;BYDAY=${weekdayOfDate(date)}`;
    case "monthly":
      return `FREQ=MONTHLY;BYMONTHDAY=${dayOfMonth(date)}`;
  }
}

/** The Repeat select's options; the weekly and monthly ones name the task's day. */
export function repeatOptions(date: string | null): { value: RepeatChoice; label: string }[] {
  return [
    { value: "none", label: "Does not repeat" },
    { value: "daily", label: "Every day" },
    { value: "weekdays", label: "Every weekday" },
    { value: "weekly", label: date ? `Every week on ${WEEKDAY_LABELS[weekdayOfDate(date)]}` : "Every week" },
    { value: "monthly", label: date ? `Every month on the ${ordinal(dayOfMonth(date))}` : "Every month" },
    { value: "custom", label: "Custom..." },
  ];
}

function sameRule(a: string, b: string): boolean {
  const left = readRecurrence(a).byName;
  const right = readRecurrence(b).byName;
  return left.size === right.size && [...left].every(([key, value]) => right.get(key) === value);
}

/** Which option shows a rule: a preset when it is exactly one, else Custom. */
export function repeatChoiceOf(rule: string | null, date: string | null): RepeatChoice {
  if (!rule) return "none";
  if (date) {
    for (const choice of ["daily", "weekdays", "weekly", "monthly"] as const) {
      if (sameRule(rule, presetRule(choice, date))) return choice;
    }
  } else if (sameRule(rule, "FREQ=DAILY")) return "daily";
  return "custom";
}

/** The custom editor's fields for a rule (a preset's too, so that Custom starts from it). */
export function readCustomRepeat(rule: string | null, date: string | null): CustomRepeat {
  const { freq, interval: written, byDay, count, until } = readRecurrence(rule ?? "");
  const frequency: RepeatFrequency = freq === "WEEKLY" || freq === "MONTHLY" ? freq : "DAILY";
  const interval = written >= 1 ? Math.min(REPEAT_INTERVAL_MAX, written) : 1;
  let weekdays = WEEKDAY_CODES.filter((code) => byDay.includes(code));
  if (frequency === "WEEKLY" && weekdays.length === 0 && date) weekdays = [weekdayOfDate(date)];
  const end: RepeatEnd =
    count !== undefined && count > 0 ? { kind: "count", count } : until ? { kind: "until", date: until } : { kind: "never" };
  return { frequency: rule ? frequency : "WEEKLY", interval, weekdays: rule ? weekdays : date ? [weekdayOfDate(date)] : [], end };
}

export function buildCustomRule(custom: CustomRepeat, date: string): string {
  const parts = [`FREQ=${custom.frequency}`];
  if (custom.interval > 1) parts.push(`INTERVAL=${custom.interval}`);
  if (custom.frequency === "WEEKLY") {
    const weekdays = custom.weekdays.length > 0 ? custom.weekdays : [weekdayOfDate(date)];
    parts.push(`BYDAY=${WEEKDAY_CODES.filter((code) => weekdays.includes(code)).join(",")}`);
  }
  if (custom.frequency === "MONTHLY") parts.push(`BYMONTHDAY=${dayOfMonth(date)}`);
  if (custom.end.kind === "count") parts.push(`COUNT=${custom.end.count}`);
  if (custom.end.kind === "until") parts.push(`UNTIL=${custom.end.date.replaceAll("-", "")}`);
  return parts.join(";");
}

/** What the custom editor can not save, or null. */
export function checkCustomRepeat(custom: CustomRepeat, date: string): string | null {
  if (!Number.isInteger(custom.interval) || custom.interval < 1 || custom.interval > REPEAT_INTERVAL_MAX)
    return `Repeat every 1 to ${REPEAT_INTERVAL_MAX}.`;
  if (custom.end.kind === "count" && (!Number.isInteger(custom.end.count) || custom.end.count < 1 || custom.end.count > REPEAT_COUNT_MAX))
    return `End after 1 to ${REPEAT_COUNT_MAX} times.`;
  if (custom.end.kind === "until" && !(custom.end.date >= date)) return "The end date must be on or after the task's date.";
  return null;
}
