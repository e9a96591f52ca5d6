import { TZDate } from "@date-fns/tz";
import { FIRST_CALENDAR_DATE, isCalendarDate, LAST_CALENDAR_DATE } from "./calendar-date.ts";

export { FIRST_CALENDAR_DATE, isCalendarDate, LAST_CALENDAR_DATE };

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** The shapes as JSON Schema patterns, for what a model or an API client reads before it writes. */
export const TIME_OF_DAY_PATTERN = TIME_OF_DAY.source;
export const CALENDAR_DATE_PATTERN = "^\\d{4}-\\d{2}-\\d{2}$";
const MS_PER_DAY = 24 * 60 * 60 * 1000;

export const CALENDAR_DATE_MESSAGE = "must be a calendar date yyyy-MM-dd";
export const TIME_OF_DAY_MESSAGE = "must be a time HH:MM from 00:00 to 23:59";

export function isTimeOfDay(value: string): boolean {
  return TIME_OF_DAY.test(value);
}

/** Only IANA-shaped names are looked up and only known ones kept, so that made-up names cannot fill memory. */
const knownZones = new Map<string, string>();
const ZONE_ANSWERS_MAX = 2_000;
const ZONE_NAME = /^[A-Za-z0-9_+\-/]{1,64}$/;

function lookUpZone(zone: string): string | null {
  if (!ZONE_NAME.test(zone)) return null;
  const known = knownZones.get(zone);
  if (known !== undefined) return known;
  let canonical: string;
  try {
    canonical = new Intl.DateTimeFormat("en-US", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  if (knownZones.size >= ZONE_ANSWERS_MAX) knownZones.clear();
  knownZones.set(zone, canonical);
  return canonical;
}

export function isKnownTimeZone(zone: string): boolean {
  return lookUpZone(zone) !== null;
}

export function canonicalTimeZone(zone: string): string {
  const canonical = lookUpZone(zone);
  if (canonical === null) throw new RangeError(`Invalid time zone specified: ${zone}`);
  return canonical;
}

function safeZone(timeZone: string): string {
  return isKnownTimeZone(timeZone) ? timeZone : "UTC";
}

function parseDay(day: string): { year: number; month: number; day: number } {
  if (!isCalendarDate(day)) throw new RangeError(`Not a calendar date: ${day}`);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return { year, month, day: date };
}

function dayToUtcMs(day: string): number {
  const parts = parseDay(day);
  return Date.UTC(parts.year, parts.month - 1, parts.day);
}

function utcMsToDay(ms: number): string {
  const date = new Date(ms);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const day = String(date.getUTCDate()).padStart(2, "0");
  return `${year}-${month}-${day}`;
}

export interface WallClock {
  date: string;
  hour: number;
  minute: number;
}

const wallClockFormatters = new Map<string, Intl.DateTimeFormat>();

export function wallClockInZone(instant: Date | number | string, timeZone: string): WallClock {
  const zone = safeZone(timeZone);
  let formatter = wallClockFormatters.get(zone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
    });
    if (wallClockFormatters.size >= ZONE_ANSWERS_MAX) wallClockFormatters.clear();
    wallClockFormatters.set(zone, formatter);
  }
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const part of formatter.formatToParts(typeof instant === "string" ? new Date(instant) : instant)) parts[part.type] = part.value;
  return { date: `${parts.year!.padStart(4, "0")}-${parts.month}-${parts.day}`, hour: Number(parts.hour), minute: Number(parts.minute) };
}

/** The calendar day an instant falls on in the zone (an unknown zone is read as UTC). */
export function dayInZone(instant: Date | string, timeZone: string): string {
  return wallClockInZone(instant, timeZone).date;
}

export function todayInZone(now: Date, timeZone: string): string {
  return dayInZone(now, timeZone);
}

export function timeOfDayInZone(instant: Date | string, timeZone: string): string {
  const { hour, minute } = wallClockInZone(instant, timeZone);
  return `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;
}

export function addDays(day: string, days: number): string {
  return utcMsToDay(dayToUtcMs(day) + Math.trunc(days) * MS_PER_DAY);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((dayToUtcMs(to) - dayToUtcMs(from)) / MS_PER_DAY);
}

/** A time skipped by DST moves forward by the gap; a repeated time is its first occurrence. */
export function zonedDateTime(day: string, time: string, timeZone: string): Date {
  const parts = parseDay(day);
  if (!isTimeOfDay(time)) throw new RangeError(`Not a time of day: ${time}`);
  const [hours, minutes] = time.split(":").map(Number) as [number, number];
  const zoned = new TZDate(parts.year, parts.month - 1, parts.day, hours, minutes, safeZone(timeZone));
  return new Date(zoned.getTime());
}

/** Not always 00:00: some zones change DST at midnight. */
export function startOfDayInZone(day: string, timeZone: string): Date {
  return zonedDateTime(day, "00:00", timeZone);
}
