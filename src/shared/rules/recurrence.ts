// Occurrences are calendar days, so rules run on floating UTC midnights: the user's zone and its DST never shift a day.
import { Frequency, type Options, RRule } from "rrule";
import { addDays, isCalendarDate } from "./dates.ts";
import { RECURRENCE_MAX_LENGTH } from "./recurrence-words.ts";

export { describeRecurrence, RECURRENCE_MAX_LENGTH } from "./recurrence-words.ts";

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
  return options;
}

const rules = new Map<string, RRule>();
const RULE_CACHE_SIZE = 1000;

function compile(rule: string, startDate: string): RRule | null {
  const key = `${startDate}|${rule}`;
  const cached = rules.get(key);
  if (cached) return cached;
  const options = parse(rule);
  if (typeof options === "string") return null;
  // The time of day is the task's start time, not the rule's.
  const compiled = new RRule({
    ...options,
    byhour: null,
    byminute: null,
    bysecond: null,
    dtstart: utcMidnight(startDate),
    tzid: null,
  });
  if (rules.size >= RULE_CACHE_SIZE) rules.delete(rules.keys().next().value as string);
  rules.set(key, compiled);
  return compiled;
}

/** A message for a 400, or null when the rule is one a task may carry from startDate. */
export function validateRecurrence(rule: string, startDate: string): string | null {
  const options = parse(rule);
  if (typeof options === "string") return options;
  if (!isCalendarDate(startDate)) return "needs a date to start from";
  if (nextOccurrence(rule, startDate, addDays(startDate, -1)) === null) return "never occurs from the task's date on";
  return null;
}

export function occursOn(rule: string, startDate: string, day: string): boolean {
  if (day < startDate) return false;
  const compiled = compile(rule, startDate);
  if (!compiled) return false;
  const midnight = utcMidnight(day);
  return compiled.between(midnight, midnight, true).length > 0;
}

/** The first day after afterDay on which the series occurs, or null when it has ended. */
export function nextOccurrence(rule: string, startDate: string, afterDay: string): string | null {
  const compiled = compile(rule, startDate);
  if (!compiled) return null;
  const from = afterDay < startDate ? addDays(startDate, -1) : afterDay;
  const next = compiled.after(utcMidnight(addDays(from, 1)), true);
  return next === null ? null : dayOf(next);
}

/** The days in [fromDay, toDay] on which the series occurs. */
export function occurrencesBetween(rule: string, startDate: string, fromDay: string, toDay: string): string[] {
  const compiled = compile(rule, startDate);
  if (!compiled || toDay < startDate) return [];
  const from = fromDay < startDate ? startDate : fromDay;
  return compiled.between(utcMidnight(from), utcMidnight(toDay), true).map(dayOf);
}
