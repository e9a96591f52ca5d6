// Dates and times as other apps and spreadsheets write them. An ambiguous day such as 04/05/2026 is
// refused with its reason rather than guessed.
import { firstRepeatDay, parseQuickAdd } from "../../../shared/rules/quick-add.ts";
import { isCalendarDate, isTimeOfDay, wallClockInZone } from "../../../shared/rules/dates.ts";

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const pad = (value: number) => String(value).padStart(2, "0");

export type DateReading = { date: string | null; time: string | null; recurrence: string | null } | { problem: string };

function day(year: number, month: number, date: number): string | null {
  const text = `${String(year).padStart(4, "0")}-${pad(month)}-${pad(date)}`;
  return isCalendarDate(text) ? text : null;
}

export function readTime(text: string): string | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === "") return null;
  const match = /^(\d{1,2})(?::(\d{2}))?(?::\d{2})?\s*(am|pm)?$/.exec(value);
  if (!match) return undefined;
  let hours = Number(match[1]);
  if (match[3] === "pm" && hours < 12) hours += 12;
  if (match[3] === "am" && hours === 12) hours = 0;
  const time = `${pad(hours)}:${match[2] ?? "00"}`;
  return isTimeOfDay(time) ? time : undefined;
}

/** An instant with an offset (2026-05-04T09:00:00+0000) as the day and time on the user's clock. */
export function readInstant(text: string, timeZone: string): { date: string; time: string } | null {
  const normalised = text.trim().replace(/([+-]\d{2})(\d{2})$/, "$1:$2");
  const ms = Date.parse(normalised);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(normalised) || Number.isNaN(ms)) return null;
  const clock = wallClockInZone(ms, timeZone);
  return { date: clock.date, time: `${pad(clock.hour)}:${pad(clock.minute)}` };
}

/** A day (and maybe a time or a repeat) written by a person or a spreadsheet; `today` for relative words. */
export function readDate(text: string, today: string): DateReading {
  const value = text.trim();
  if (value === "") return { date: null, time: null, recurrence: null };
  const none = { time: null, recurrence: null };
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ](\d{1,2}:\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  if (iso) {
    const date = day(Number(iso[1]), Number(iso[2]), Number(iso[3]));
    const time = iso[4] ? (readTime(iso[4]) ?? null) : null;
    return date ? { date, time, recurrence: null } : { problem: `The date "${value}" is not a calendar date` };
  }
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (dotted) {
    const date = day(Number(dotted[3]), Number(dotted[2]), Number(dotted[1]));
    return date ? { date, ...none } : { problem: `The date "${value}" is not a calendar date` };
  }
  const slashed = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  if (slashed) {
    const [first, second, year] = [Number(slashed[1]), Number(slashed[2]), Number(slashed[3])];
    if (first <= 12 && second <= 12 && first !== second) {
      return { problem: `The date "${value}" could be day/month or month/day: write it as yyyy-MM-dd` };
    }
    const date = first > 12 ? day(year, second, first) : day(year, first, second);
    return date ? { date, ...none } : { problem: `The date "${value}" is not a calendar date` };
  }
  const named =
    /^(\d{1,2})\s+([a-z]+)\.?,?\s+(\d{4})$/i.exec(value)?.slice(1) ??
    (([, month, date, year]) => [date, month, year])(/^([a-z]+)\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i.exec(value) ?? []);
  if (named[0] && named[1] && named[2]) {
    const month = MONTHS.indexOf(named[1].slice(0, 3).toLowerCase()) + 1;
    const date = month > 0 ? day(Number(named[2]), month, Number(named[0])) : null;
    return date ? { date, ...none } : { problem: `The date "${value}" is not a calendar date` };
  }
  const spoken = parseQuickAdd(value, { today, goals: [] });
  if (spoken.title === "" && (spoken.date !== undefined || spoken.recurrence)) {
    const date = spoken.date ?? (spoken.recurrence ? firstRepeatDay(spoken.recurrence, today) : null);
    return { date, time: spoken.scheduledStartTime, recurrence: spoken.recurrence };
  }
  return { problem: `The date "${value}" is not a date this import reads (write it as yyyy-MM-dd)` };
}
