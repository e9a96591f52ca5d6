// The user's planned days as an RFC 5545 calendar, built with ical.js: a VEVENT per dated task (timed in the
// user's zone, or all-day), a repeating task as one VEVENT with its RRULE (an occurrence changed on its own as
// an override with its RECURRENCE-ID, one moved off the calendar as an EXDATE), and a VTIMEZONE for the zone.
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

export interface FeedOccurrence extends FeedTask {
  seriesId: string | null;
  occurrenceDate: string | null;
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

const vtimezones = new Map<string, JCalComponent>();
const VTIMEZONES_KEPT = 200;

/** Finding a year's changes reads the zone's offset a few hundred times: done once per zone and year. */
function vtimezoneJcal(zone: string, year: number): JCalComponent {
  const key = `${zone}|${year}`;
  let jcal = vtimezones.get(key);
  if (jcal === undefined) {
    if (vtimezones.size >= VTIMEZONES_KEPT) vtimezones.clear();
    jcal = buildVtimezone(zone, year).toJSON() as JCalComponent;
    vtimezones.set(key, jcal);
  }
  return jcal;
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

// Events are written as jCal (RFC 7265) and stringified by ical.js: a thousand tasks cost a few
// milliseconds, where building them as ICAL.Component objects costs tens.
type JCalProperty = [string, Record<string, string>, string, unknown];
type JCalComponent = [string, JCalProperty[], JCalComponent[]];

function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

function stamp(iso: string): string {
  const parsed = Date.parse(iso);
  return new Date(Number.isFinite(parsed) ? parsed : 0).toISOString().replace(/\.\d{3}Z$/, "Z");
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

function eventOf(fields: EventFields, zone: string): JCalComponent {
  const updated = stamp(fields.updatedAt);
  const properties: JCalProperty[] = [
    ["uid", {}, "text", fields.uid],
    ["dtstamp", {}, "date-time", updated],
    ["last-modified", {}, "date-time", updated],
    ["summary", {}, "text", fields.title],
  ];
  if (fields.time) {
    const minutes = fields.estimate && fields.estimate > 0 ? fields.estimate : DEFAULT_DURATION_MINUTES;
    properties.push(
      ["dtstart", { tzid: zone }, "date-time", `${fields.day}T${fields.time}:00`],
      ["duration", {}, "duration", `PT${minutes}M`],
    );
  } else {
    properties.push(["dtstart", {}, "date", fields.day], ["dtend", {}, "date", nextDay(fields.day)], ["transp", {}, "text", "TRANSPARENT"]);
  }
  properties.push(["status", {}, "text", fields.status]);
  if (fields.description) properties.push(["description", {}, "text", fields.description]);
  if (fields.goalTitle) properties.push(["categories", {}, "text", fields.goalTitle]);
  return ["vevent", properties, []];
}

const DONE_MARK = "✓ ";

/** UNTIL has DTSTART's type: a day, or the last day's end as UTC. */
function untilOf(endDate: string, time: string | null, zone: string): string {
  if (!time) return endDate.replaceAll("-", "");
  const [year, month, day] = endDate.split("-").map(Number) as [number, number, number];
  return new Date(new TZDate(year, month - 1, day, 23, 59, 59, zone).getTime()).toISOString().replace(/[-:]|\.\d{3}/g, "");
}

function taskFields(task: FeedTask, uid: string, day: string): EventFields {
  return {
    uid,
    title: task.status === "done" ? `${DONE_MARK}${task.title}` : task.title,
    description: task.description,
    goalTitle: task.goalTitle,
    updatedAt: task.updatedAt,
    day,
    time: task.scheduledStartTime,
    estimate: task.estimatedDuration,
    status: task.status === "todo" ? "TENTATIVE" : "CONFIRMED",
  };
}

/** An untouched occurrence is what the rule already says: only the others are written. */
function asItsSeries(occurrence: FeedOccurrence, series: FeedSeries): boolean {
  return (
    occurrence.date === occurrence.occurrenceDate &&
    occurrence.status === "todo" &&
    occurrence.scheduledStartTime === series.scheduledStartTime &&
    occurrence.title === series.title &&
    occurrence.description === series.description &&
    occurrence.estimatedDuration === series.estimatedDuration &&
    occurrence.goalTitle === series.goalTitle
  );
}

export function buildFeed(input: {
  zone: string;
  today: string;
  tasks: readonly FeedTask[];
  series: readonly FeedSeries[];
  occurrences?: readonly FeedOccurrence[];
}): string {
  // Last year's onsets, so that the window's first days (in January, last year's December) have their offset too.
  const components: JCalComponent[] = [vtimezoneJcal(input.zone, Number(input.today.slice(0, 4)) - 1)];
  for (const task of input.tasks) {
    if (task.date) components.push(eventOf(taskFields(task, `task-${task.id}@daywise`, task.date), input.zone));
  }
  const occurrencesOf = new Map<string, FeedOccurrence[]>();
  for (const occurrence of input.occurrences ?? []) {
    if (occurrence.seriesId) occurrencesOf.set(occurrence.seriesId, [...(occurrencesOf.get(occurrence.seriesId) ?? []), occurrence]);
  }
  const written = new Set<string>();
  for (const series of input.series) {
    let rule = series.recurrence.trim();
    if (series.endDate && !/(^|;)(COUNT|UNTIL)=/i.test(rule))
      rule += `;UNTIL=${untilOf(series.endDate, series.scheduledStartTime, input.zone)}`;
    let recur: unknown;
    try {
      recur = ICAL.Recur.fromString(rule).toJSON();
    } catch {
      continue;
    }
    const vevent = eventOf(
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
    vevent[1].push(["rrule", {}, "recur", recur]);
    // RECURRENCE-ID and EXDATE name an occurrence by the start the rule gave it.
    const ruleStart = (name: string, day: string): JCalProperty =>
      series.scheduledStartTime
        ? [name, { tzid: input.zone }, "date-time", `${day}T${series.scheduledStartTime}:00`]
        : [name, {}, "date", day];
    const skipped = new Set(series.skippedDays.split(",").filter(Boolean));
    for (const day of skipped) vevent[1].push(ruleStart("exdate", day));
    const overrides: JCalComponent[] = [];
    for (const occurrence of occurrencesOf.get(series.id) ?? []) {
      const day = occurrence.occurrenceDate;
      if (!day || skipped.has(day) || asItsSeries(occurrence, series)) continue;
      if (!occurrence.date) {
        vevent[1].push(ruleStart("exdate", day));
        continue;
      }
      const override = eventOf(taskFields(occurrence, `series-${series.id}@daywise`, occurrence.date), input.zone);
      override[1].push(ruleStart("recurrence-id", day));
      overrides.push(override);
    }
    components.push(vevent, ...overrides);
    written.add(series.id);
  }
  // An occurrence whose series is not in the feed (its rule unreadable) still shows as the task it is.
  for (const occurrence of input.occurrences ?? []) {
    if (occurrence.date && !written.has(occurrence.seriesId ?? "")) {
      components.push(eventOf(taskFields(occurrence, `task-${occurrence.id}@daywise`, occurrence.date), input.zone));
    }
  }
  const calendar: JCalComponent = [
    "vcalendar",
    [
      ["version", {}, "text", "2.0"],
      ["prodid", {}, "text", PRODID],
      ["calscale", {}, "text", "GREGORIAN"],
      ["x-wr-calname", {}, "unknown", "Daywise"],
      ["x-wr-timezone", {}, "unknown", input.zone],
    ],
    components,
  ];
  return ICAL.stringify(calendar as unknown as Parameters<typeof ICAL.stringify>[0]) + "\r\n";
}
