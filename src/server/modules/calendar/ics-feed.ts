// The user's planned days as an RFC 5545 calendar, built with ical.js: a VEVENT per dated task (timed in the
// user's zone, or all-day), a repeating task as one VEVENT with its RRULE, and a VTIMEZONE for the zone.
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import type { TaskStatus } from "../../db/schema.ts";

export const FEED_DAYS_BACK = 30;
export const FEED_DAYS_AHEAD = 180;
const DEFAULT_DURATION_MINUTES = 30;
const PRODID = "-//Daywise//Planned tasks//EN";

export interface FeedTask {
  id: string;
  title: string;
  description: string | null;
  status: TaskStatus;
  date: string | null;
  scheduledStartTime: string | null;
  estimatedDuration: number | null;
  updatedAt: string;
  goalTitle: string | null;
}

export interface FeedSeries {
  id: string;
  title: string;
  description: string | null;
  recurrence: string;
  startDate: string;
  endDate: string | null;
  skippedDays: string;
  scheduledStartTime: string | null;
  estimatedDuration: number | null;
  updatedAt: string;
  goalTitle: string | null;
}

function offsetMinutes(ms: number, zone: string): number {
  return -new TZDate(ms, zone).getTimezoneOffset();
}

function utcOffset(minutes: number): ICAL.UtcOffset {
  const sign = minutes < 0 ? -1 : 1;
  const abs = Math.abs(minutes);
  return new ICAL.UtcOffset({ hours: Math.floor(abs / 60), minutes: abs % 60, factor: sign });
}

function wallTime(ms: number, zone: string): ICAL.Time {
  const local = new TZDate(ms, zone);
  return ICAL.Time.fromData({
    year: local.getFullYear(),
    month: local.getMonth() + 1,
    day: local.getDate(),
    hour: local.getHours(),
    minute: local.getMinutes(),
    second: 0,
  });
}

const WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"] as const;

/** The instants of a year at which the zone's offset changes, to the minute. */
function transitions(year: number, zone: string): Array<{ at: number; from: number; to: number }> {
  const found: Array<{ at: number; from: number; to: number }> = [];
  const day = 86_400_000;
  let previous = Date.UTC(year, 0, 1);
  let before = offsetMinutes(previous, zone);
  for (let at = previous + day; at <= Date.UTC(year + 1, 0, 1); at += day) {
    const after = offsetMinutes(at, zone);
    if (after !== before) {
      let low = previous;
      let high = at;
      while (high - low > 60_000) {
        const middle = Math.floor((low + high) / 2 / 60_000) * 60_000;
        if (offsetMinutes(middle, zone) === before) low = middle;
        else high = middle;
      }
      found.push({ at: high, from: before, to: after });
      before = after;
    }
    previous = at;
  }
  return found;
}

/** The zone's offsets of that year: a yearly rule per change (the weekday and week of the month it fell on). */
export function buildVtimezone(zone: string, year: number): ICAL.Component {
  const vtimezone = new ICAL.Component("vtimezone");
  vtimezone.addPropertyWithValue("tzid", zone);
  const changes = transitions(year, zone);
  if (changes.length === 0) {
    const offset = offsetMinutes(Date.UTC(year, 0, 1), zone);
    const standard = new ICAL.Component("standard");
    standard.addPropertyWithValue("dtstart", ICAL.Time.fromData({ year: 1970, month: 1, day: 1, hour: 0, minute: 0, second: 0 }));
    standard.addPropertyWithValue("tzoffsetfrom", utcOffset(offset));
    standard.addPropertyWithValue("tzoffsetto", utcOffset(offset));
    vtimezone.addSubcomponent(standard);
    return vtimezone;
  }
  const largest = Math.max(...changes.map((change) => change.to));
  for (const change of changes) {
    const kind = change.to === largest && change.to > change.from ? "daylight" : "standard";
    const component = new ICAL.Component(kind);
    // The onset is given in the wall time in force before it.
    const local = wallTime(change.at + change.from * 60_000, "UTC");
    component.addPropertyWithValue("dtstart", local);
    const date = new Date(Date.UTC(local.year, local.month - 1, local.day));
    const daysInMonth = new Date(Date.UTC(local.year, local.month, 0)).getUTCDate();
    const week = local.day + 7 > daysInMonth ? -1 : Math.ceil(local.day / 7);
    component.addPropertyWithValue(
      "rrule",
      ICAL.Recur.fromString(`FREQ=YEARLY;BYMONTH=${local.month};BYDAY=${week}${WEEKDAYS[date.getUTCDay()]}`),
    );
    component.addPropertyWithValue("tzoffsetfrom", utcOffset(change.from));
    component.addPropertyWithValue("tzoffsetto", utcOffset(change.to));
    vtimezone.addSubcomponent(component);
  }
  return vtimezone;
}

function dateValue(day: string): ICAL.Time {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return ICAL.Time.fromData({ year, month, day: date, isDate: true });
}

function localDateTime(day: string, time: string): ICAL.Time {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  return ICAL.Time.fromData({ year, month, day: date, hour, minute, second: 0 });
}

function stamp(iso: string): ICAL.Time {
  const parsed = Date.parse(iso);
  return ICAL.Time.fromJSDate(new Date(Number.isFinite(parsed) ? parsed : 0), true);
}

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

interface EventFields {
  uid: string;
  title: string;
  description: string | null;
  goalTitle: string | null;
  updatedAt: string;
  day: string;
  time: string | null;
  estimate: number | null;
  status: "TENTATIVE" | "CONFIRMED";
}

function addEvent(calendar: ICAL.Component, fields: EventFields, zone: string): ICAL.Component {
  const vevent = new ICAL.Component("vevent");
  vevent.addPropertyWithValue("uid", fields.uid);
  vevent.addPropertyWithValue("dtstamp", stamp(fields.updatedAt));
  vevent.addPropertyWithValue("last-modified", stamp(fields.updatedAt));
  vevent.addPropertyWithValue("summary", fields.title);
  if (fields.time) {
    vevent.addPropertyWithValue("dtstart", localDateTime(fields.day, fields.time)).setParameter("tzid", zone);
    const minutes = fields.estimate && fields.estimate > 0 ? fields.estimate : DEFAULT_DURATION_MINUTES;
    vevent.addPropertyWithValue("duration", ICAL.Duration.fromSeconds(minutes * 60));
  } else {
    vevent.addPropertyWithValue("dtstart", dateValue(fields.day));
    vevent.addPropertyWithValue("dtend", dateValue(nextDay(fields.day)));
    vevent.addPropertyWithValue("transp", "TRANSPARENT");
  }
  vevent.addPropertyWithValue("status", fields.status);
  if (fields.description) vevent.addPropertyWithValue("description", fields.description);
  if (fields.goalTitle) vevent.addPropertyWithValue("categories", fields.goalTitle);
  calendar.addSubcomponent(vevent);
  return vevent;
}

const DONE_MARK = "✓ ";

/** UNTIL has DTSTART's type: a day, or the last day's end as UTC. */
function untilOf(endDate: string, time: string | null, zone: string): string {
  if (!time) return endDate.replaceAll("-", "");
  const [year, month, day] = endDate.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 23, 59, 59, zone).getTime()).toISOString().replace(/[-:]|\.\d{3}/g, "");
}

export function buildFeed(input: { zone: string; today: string; tasks: readonly FeedTask[]; series: readonly FeedSeries[] }): string {
  const calendar = new ICAL.Component("vcalendar");
  calendar.addPropertyWithValue("version", "2.0");
  calendar.addPropertyWithValue("prodid", PRODID);
  calendar.addPropertyWithValue("calscale", "GREGORIAN");
  calendar.addPropertyWithValue("x-wr-calname", "Daywise");
  calendar.addPropertyWithValue("x-wr-timezone", input.zone);
  // Last year's onsets, so that the window's first days (in January, last year's December) have their offset too.
  calendar.addSubcomponent(buildVtimezone(input.zone, Number(input.today.slice(0, 4)) - 1));
  for (const task of input.tasks) {
    if (!task.date) continue;
    addEvent(
      calendar,
      {
        uid: `task-${task.id}@daywise`,
        title: task.status === "done" ? `${DONE_MARK}${task.title}` : task.title,
        description: task.description,
        goalTitle: task.goalTitle,
        updatedAt: task.updatedAt,
        day: task.date,
        time: task.scheduledStartTime,
        estimate: task.estimatedDuration,
        status: task.status === "todo" ? "TENTATIVE" : "CONFIRMED",
      },
      input.zone,
    );
  }
  for (const series of input.series) {
    const vevent = addEvent(
      calendar,
      {
        uid: `series-${series.id}@daywise`,
        title: series.title,
        description: series.description,
        goalTitle: series.goalTitle,
        updatedAt: series.updatedAt,
        day: series.startDate,
        time: series.scheduledStartTime,
        estimate: series.estimatedDuration,
        status: "TENTATIVE",
      },
      input.zone,
    );
    let rule = series.recurrence.trim();
    if (series.endDate && !/(^|;)(COUNT|UNTIL)=/i.test(rule))
      rule += `;UNTIL=${untilOf(series.endDate, series.scheduledStartTime, input.zone)}`;
    try {
      vevent.addPropertyWithValue("rrule", ICAL.Recur.fromString(rule));
    } catch {
      continue;
    }
    for (const day of series.skippedDays.split(",").filter(Boolean)) {
      const exdate = vevent.addPropertyWithValue(
        "exdate",
        series.scheduledStartTime ? localDateTime(day, series.scheduledStartTime) : dateValue(day),
      );
      if (series.scheduledStartTime) exdate.setParameter("tzid", input.zone);
    }
  }
  return calendar.toString() + "\r\n";
}
