// Occurrences are calendar days, so rules run on floating UTC midnights: the user's zone and its DST never shift a day.
import { LRUCache } from "lru-cache";
import * as rruleModule from "rrule";
import type { Frequency as Freq, Options, RRule as Rule } from "rrule";
import { isCalendarDate, LAST_CALENDAR_DATE } from "./dates.ts";
import { RECURRENCE_MAX_LENGTH } from "./recurrence-words.ts";

export { describeRecurrence, RECURRENCE_MAX_LENGTH } from "./recurrence-words.ts";

// Node loads rrule's CommonJS build, whose names sit on the default export; bundlers load its ES module.
const { Frequency, RRule, Weekday } = (rruleModule as unknown as { default?: typeof rruleModule }).default ?? rruleModule;

/** As the web app's Repeat field allows: a COUNT is found from the series' start, so it bounds that work. */
export const RECURRENCE_COUNT_MAX = 999;

const SUB_DAILY = new Set([Frequency.HOURLY, Frequency.MINUTELY, Frequency.SECONDLY]);

function count(value: number | number[] | null | undefined): number {
  if (value === null || value === undefined) return 1;
  return Array.isArray(value) ? value.length : 1;
}

function utcMidnight(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function dayOf(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

const MS_PER_DAY = 86_400_000;

// Not dates.ts's: a week's or a walk's start may fall before year 1000.
function addDays(day: string, days: number): string {
  return dayOf(new Date(utcMidnight(day).getTime() + days * MS_PER_DAY));
}

function daysBetween(from: string, to: string): number {
  return Math.round((utcMidnight(to).getTime() - utcMidnight(from).getTime()) / MS_PER_DAY);
}

function parse(rule: string): Partial<Options> | string {
  if (rule.length > RECURRENCE_MAX_LENGTH) return `must be at most ${RECURRENCE_MAX_LENGTH} characters`;
  if (/^\s*RRULE:/i.test(rule)) return "must be an RRULE without the RRULE: prefix";
  if (/DTSTART|TZID|\n/i.test(rule)) return "must not carry DTSTART or TZID: a repeat starts on the task's date";
  let options: Partial<Options>;
  try {
    options = RRule.parseString(rule.trim());
  } catch {
    return "is not a valid RRULE";
  }
  if (options.freq === undefined || options.freq === null) return "is not a valid RRULE: FREQ is required";
  if (SUB_DAILY.has(options.freq)) return "must not repeat more often than daily";
  if (count(options.byhour) * count(options.byminute) * count(options.bysecond) > 1) {
    return "would occur more than once a day";
  }
  if (options.count != null && options.until != null) return "must not have both COUNT and UNTIL";
  if (options.interval != null && (!Number.isInteger(options.interval) || options.interval < 1)) {
    return "is not a valid RRULE: INTERVAL must be a positive whole number";
  }
  if (options.byeaster != null) return "is not a valid RRULE: BYEASTER is not part of RFC 5545";
  for (const [name, value] of Object.entries({
    BYMONTH: options.bymonth,
    BYMONTHDAY: options.bymonthday,
    BYYEARDAY: options.byyearday,
    BYWEEKNO: options.byweekno,
  })) {
    if (value === 0 || (Array.isArray(value) && value.includes(0))) return `is not a valid RRULE: ${name} must not be 0`;
  }
  try {
    new RRule({ ...options, dtstart: utcMidnight("2000-01-01") });
  } catch {
    return "is not a valid RRULE";
  }
  return options;
}

// The Gregorian calendar repeats every 400 years (146,097 days, a whole number of weeks): so does every rule's
// pattern of days, which takes at most this many of its periods to come round again.
const CYCLE_DAYS = 146_097;
const PERIODS_PER_CYCLE = new Map([
  [Frequency.DAILY, CYCLE_DAYS],
  [Frequency.WEEKLY, CYCLE_DAYS / 7],
  [Frequency.MONTHLY, 4_800],
  [Frequency.YEARLY, 400],
]);
const MOST_DAYS_PER_PERIOD = new Map([
  [Frequency.DAILY, 1],
  [Frequency.WEEKLY, 7],
  [Frequency.MONTHLY, 31],
  [Frequency.YEARLY, 366],
]);
const EVERY_WEEKDAY = [0, 1, 2, 3, 4, 5, 6];
const EVERY_MONTH = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
/** An interval that takes the period after the first one past rrule's last year, so that rrule reads one period. */
const ONE_PERIOD = 1_000_000;

/** A series' rule ready to run from any of its periods: the BY* parts rrule takes from the start made explicit. */
interface Prepared {
  options: Partial<Options>;
  freq: Freq;
  interval: number;
  wkst: number;
  start: string;
  /** The last day by COUNT or UNTIL; null when none is left. */
  end: string | null | undefined;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}

function explicitOptions(parsed: Rule["options"]): Partial<Options> {
  const bymonthday = [...parsed.bymonthday, ...parsed.bynmonthday];
  const byweekday = [...(parsed.byweekday ?? []), ...(parsed.bynweekday ?? []).map(([day, n]) => new Weekday(day!, n))];
  const options: Partial<Options> = {
    freq: parsed.freq,
    interval: parsed.interval,
    wkst: parsed.wkst,
    bysetpos: parsed.bysetpos,
    bymonth: parsed.bymonth,
    bymonthday: bymonthday.length > 0 ? bymonthday : null,
    byyearday: parsed.byyearday,
    byweekno: parsed.byweekno,
    byweekday: byweekday.length > 0 ? byweekday : null,
    byhour: null,
    byminute: null,
    bysecond: null,
    tzid: null,
  };
  if (parsed.interval !== 1 || (parsed.bysetpos ?? []).length > 0) return options;
  // Every day, week or month with filters is the same days of every year: walked by year, a rare day is
  // found in a few hundred steps, not thousands. A month's nth weekday stays in its month under BYMONTH.
  if (parsed.freq === Frequency.MONTHLY) return { ...options, freq: Frequency.YEARLY, bymonth: parsed.bymonth ?? EVERY_MONTH };
  const filtered = [parsed.bymonth, bymonthday, parsed.byyearday, parsed.byweekno].some((value) => value != null && value.length > 0);
  // rrule reads the week numbers of a week across New Year from the year it starts in: a week stays a week.
  const weeklyByWeekNumber = parsed.freq === Frequency.WEEKLY && (parsed.byweekno ?? []).length > 0;
  if (filtered && !weeklyByWeekNumber && (parsed.freq === Frequency.DAILY || parsed.freq === Frequency.WEEKLY)) {
    return { ...options, freq: Frequency.YEARLY, byweekday: parsed.byweekday ?? EVERY_WEEKDAY };
  }
  return options;
}

const prepared = new LRUCache<string, { result: Prepared | null }>({ max: 1000 });

function prepare(rule: string, startDate: string): Prepared | null {
  const key = `${startDate}|${rule}`;
  const cached = prepared.get(key);
  if (cached) return cached.result;
  const options = parse(rule);
  let result: Prepared | null = null;
  if (typeof options !== "string" && isCalendarDate(startDate)) {
    const parsed = new RRule({ ...options, count: null, until: null, dtstart: utcMidnight(startDate), tzid: null }).options;
    const explicit = explicitOptions(parsed);
    result = {
      options: explicit,
      freq: explicit.freq!,
      interval: explicit.interval!,
      wkst: parsed.wkst,
      start: startDate,
      end: options.until ? dayOf(options.until) : undefined,
    };
    if (options.count != null) {
      // COUNT counts from the real start, so its last day is found once, from there; it then ends the series as UNTIL does.
      const days = new RRule({ ...explicit, count: options.count, dtstart: utcMidnight(startDate) }).all();
      result.end = days.length === 0 ? null : dayOf(days[days.length - 1]!);
    }
  }
  prepared.set(key, { result });
  return result;
}

function weekday(day: string): number {
  return (utcMidnight(day).getUTCDay() + 6) % 7;
}

function monthStart(index: number): string {
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}-01`;
}

/** The start of the series' latest period on or before `day` (or its first day): rrule's periods from there keep their phase. */
function periodStart(series: Prepared, day: string): string {
  const { start, interval } = series;
  const [startYear, startMonth] = start.split("-").map(Number) as [number, number];
  const [year, month] = day.split("-").map(Number) as [number, number];
  if (series.freq === Frequency.DAILY) return addDays(start, daysBetween(start, day) - (daysBetween(start, day) % interval));
  if (series.freq === Frequency.WEEKLY) {
    const weekStart = addDays(start, -((weekday(start) - series.wkst + 7) % 7));
    const weeks = Math.floor(daysBetween(weekStart, day) / 7);
    const shift = weeks - (weeks % interval);
    return shift === 0 ? start : addDays(weekStart, 7 * shift);
  }
  if (series.freq === Frequency.MONTHLY) {
    const months = (year - startYear) * 12 + month - startMonth;
    const shift = months - (months % interval);
    return shift === 0 ? start : monthStart(startYear * 12 + startMonth - 1 + shift);
  }
  const shift = year - startYear - ((year - startYear) % interval);
  return shift === 0 ? start : `${String(startYear + shift).padStart(4, "0")}-01-01`;
}

/**
 * The series' days that `query` asks rrule for, walking from the period of `from`. rrule stops only at a day past what
 * was asked or past year 9999, so the walk is moved on by whole 400-year cycles (the same days) to end near 9999: when
 * no day comes, it walks at most a cycle past `needed`.
 */
function walk(
  series: Prepared,
  from: string,
  needed: string,
  query: (rule: Rule, at: (day: string) => Date) => Date[],
  onePeriod = false,
): string[] {
  const shift = Math.max(0, Math.floor(daysBetween(needed, LAST_CALENDAR_DATE) / CYCLE_DAYS)) * CYCLE_DAYS;
  const at = (day: string) => utcMidnight(addDays(day, shift));
  const options = { ...series.options, dtstart: at(periodStart(series, from)), until: null };
  return query(new RRule(onePeriod ? { ...options, interval: ONE_PERIOD } : options), at)
    .map((date) => addDays(dayOf(date), -shift))
    .filter((day) => series.end == null || day <= series.end);
}

/** The first day on or after fromDay on which the series occurs, or null. */
function firstFrom(series: Prepared, fromDay: string): string | null {
  const from = fromDay < series.start ? series.start : fromDay;
  if (series.end === null || (series.end !== undefined && from > series.end)) return null;
  // A day it has after `from` comes again within its cycle of periods (and the part-period it may start with).
  const cycle = PERIODS_PER_CYCLE.get(series.freq)!;
  const horizon = (cycle / gcd(cycle, series.interval) + 2) * series.interval * MOST_DAYS_PER_PERIOD.get(series.freq)!;
  const needed = horizon < daysBetween(from, LAST_CALENDAR_DATE) ? addDays(from, horizon) : LAST_CALENDAR_DATE;
  const [next] = walk(series, from, needed, (walked, at) => {
    const found = walked.after(at(from), true);
    return found ? [found] : [];
  });
  return next ?? null;
}

/** A message for a 400, or null when the rule is one a task may carry from startDate. */
export function validateRecurrence(rule: string, startDate: string): string | null {
  const options = parse(rule);
  if (typeof options === "string") return options;
  if (options.count != null && options.count > RECURRENCE_COUNT_MAX) return `must not have a COUNT above ${RECURRENCE_COUNT_MAX}`;
  // RFC 5545's own limits, and two more that keep a rare day from costing a walk through thousands of days.
  const yearly = options.freq === Frequency.YEARLY;
  if (options.byweekno != null && !yearly) return "must not have BYWEEKNO unless FREQ is YEARLY";
  if (options.byyearday != null && !yearly) return "must not have BYYEARDAY unless FREQ is YEARLY";
  if (options.bymonthday != null && options.freq === Frequency.WEEKLY) return "must not have BYMONTHDAY when FREQ is WEEKLY";
  const byDayOrWeek = options.freq === Frequency.DAILY || options.freq === Frequency.WEEKLY;
  if (byDayOrWeek && options.bysetpos != null) return "must not have BYSETPOS unless FREQ is MONTHLY or YEARLY";
  if (byDayOrWeek && (options.interval ?? 1) > 1 && (options.bymonth != null || options.bymonthday != null)) {
    return "must not have an INTERVAL with BYMONTH or BYMONTHDAY unless FREQ is MONTHLY or YEARLY";
  }
  if (!isCalendarDate(startDate)) return "needs a date to start from";
  const series = prepare(rule, startDate);
  if (series === null || firstFrom(series, startDate) === null) return "never occurs from the task's date on";
  return null;
}

export function occursOn(rule: string, startDate: string, day: string): boolean {
  const series = day < startDate ? null : prepare(rule, startDate);
  if (!series || series.end === null || (series.end !== undefined && day > series.end)) return false;
  return walk(series, day, day, (period, at) => period.between(at(day), at(day), true), true).length > 0;
}

/** The first day after afterDay on which the series occurs, or null when it has ended. */
export function nextOccurrence(rule: string, startDate: string, afterDay: string): string | null {
  const series = prepare(rule, startDate);
  if (!series || afterDay >= LAST_CALENDAR_DATE) return null;
  return firstFrom(series, afterDay < startDate ? startDate : addDays(afterDay, 1));
}

/** The days in [fromDay, toDay] on which the series occurs. */
export function occurrencesBetween(rule: string, startDate: string, fromDay: string, toDay: string): string[] {
  const series = prepare(rule, startDate);
  const from = fromDay < startDate ? startDate : fromDay;
  if (!series || toDay < from || series.end === null || (series.end !== undefined && from > series.end)) return [];
  return walk(series, from, toDay, (walked, at) => walked.between(at(from), at(toDay), true));
}

export interface SeriesDays {
  recurrence: string;
  startDate: string;
  endDate: string | null;
  /** Days whose occurrence was deleted, comma-separated. */
  skippedDays: string;
}

export function skippedDaysOf(series: Pick<SeriesDays, "skippedDays">): string[] {
  return series.skippedDays === "" ? [] : series.skippedDays.split(",");
}

/** Whether the series has an occurrence on the day: by its rule, within its end, and not deleted there. */
export function seriesOccursOn(series: SeriesDays, day: string): boolean {
  if (series.endDate !== null && day > series.endDate) return false;
  return occursOn(series.recurrence, series.startDate, day) && !skippedDaysOf(series).includes(day);
}
