// The one reader of RRULE parts outside the server: rrule's parseString would add about 13 KB gzipped to the
// web's first load (the board card words its rule); recurrence.test.ts holds this reader to rrule's.
export const RECURRENCE_MAX_LENGTH = 500;

export const WEEKDAY_NAMES = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
} as const;
export const WORK_WEEK = ["MO", "TU", "WE", "TH", "FR"] as const;
const WEEKDAYS: Record<string, string> = WEEKDAY_NAMES;
const WORKWEEK: readonly string[] = WORK_WEEK;
const UNITS: Record<string, string> = { DAILY: "day", WEEKLY: "week", MONTHLY: "month", YEARLY: "year" };

export interface RecurrenceParts {
  byName: ReadonlyMap<string, string>;
  freq: string | undefined;
  /** 1 when absent; NaN, as any number part, when not a whole number (rrule leaves it a string). */
  interval: number;
  byDay: string[];
  byMonthDay: number[];
  count: number | undefined;
  /** UNTIL's day, YYYY-MM-DD. */
  until: string | undefined;
}

const wholeNumber = (value: string) => (/^[+-]?\d+$/.test(value) ? Number(value) : Number.NaN);

export function readRecurrence(rule: string): RecurrenceParts {
  const byName = new Map<string, string>();
  for (const part of rule.replace(/^RRULE:/i, "").split(";")) {
    const [key, value] = part.split("=");
    if (key && value) byName.set(key.trim().toUpperCase(), value.trim().toUpperCase());
  }
  const listed = (name: string) => byName.get(name)?.split(",") ?? [];
  const count = byName.get("COUNT");
  const until = /^(\d{4})(\d{2})(\d{2})/.exec(byName.get("UNTIL") ?? "");
  return {
    byName,
    freq: byName.get("FREQ"),
    interval: wholeNumber(byName.get("INTERVAL") ?? "1"),
    byDay: listed("BYDAY"),
    byMonthDay: listed("BYMONTHDAY").map(wholeNumber),
    count: count === undefined ? undefined : wholeNumber(count),
    until: until ? `${until[1]}-${until[2]}-${until[3]}` : undefined,
  };
}

export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

function list(words: readonly string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words[words.length - 1]}`;
}

function monthDay(n: number): string | null {
  if (!Number.isInteger(n) || n === 0) return null;
  return n === -1 ? "the last day" : n > 0 ? `the ${ordinal(n)}` : null;
}

/** "Every day", "Every weekday", "Every 2 weeks on Monday and Thursday", "Every month on the 1st"; "Custom repeat" otherwise. */
export function describeRecurrence(rule: string): string {
  const parts = readRecurrence(rule);
  const unit = UNITS[parts.freq ?? ""];
  if (!unit) return "Custom repeat";
  const { interval, byDay: days } = parts;
  if (!Number.isInteger(interval) || interval < 1) return "Custom repeat";
  if (days.some((day) => !(day in WEEKDAYS)) && unit !== "month") return "Custom repeat";
  const every = interval === 1 ? `Every ${unit}` : `Every ${interval} ${unit}s`;

  let words: string;
  const isWorkweek = days.length === 5 && WORKWEEK.every((day) => days.includes(day));
  if (isWorkweek && interval === 1 && (unit === "day" || unit === "week")) words = "Every weekday";
  else if (days.length > 0 && (unit === "week" || unit === "day")) {
    words = `${every} on ${list(days.map((day) => WEEKDAYS[day] as string))}`;
  } else if (unit === "month" && parts.byMonthDay.length > 0) {
    const monthDays = parts.byMonthDay.map(monthDay);
    if (monthDays.some((day) => day === null)) return "Custom repeat";
    words = `${every} on ${list(monthDays as string[])}`;
  } else if (unit === "month" && days.length === 1) {
    const match = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(days[0] as string);
    if (!match) return "Custom repeat";
    const which = match[1] === "-1" ? "last" : ordinal(Number(match[1]));
    words = `${every} on the ${which} ${WEEKDAYS[match[2] as string]}`;
  } else if (days.length > 0) return "Custom repeat";
  else words = every;

  const { count, until } = parts;
  if (count !== undefined && Number.isInteger(count) && count > 0) words += `, ${count} ${count === 1 ? "time" : "times"}`;
  else if (until) words += `, until ${until}`;
  return words;
}
