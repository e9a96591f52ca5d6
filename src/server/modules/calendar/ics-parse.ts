// An ICS calendar read once per fetch into the occurrences of a window: recurrences expanded (RRULE, RDATE,
// EXDATE, RECURRENCE-ID overrides) with ical.js, bounded in count and iterations so no rule can hang the server.
import { createHash } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import ICAL from "ical.js";
import { isKnownTimeZone } from "../../../shared/rules/dates.ts";
import { CalendarFetchError } from "./calendar-fetch.ts";

export const MAX_OCCURRENCES_PER_CALENDAR = 20_000;
/** Steps of one rule's iterator, those before the window included (a daily rule from 1999 fits; one from the year 1000 stops here). */
export const MAX_ITERATIONS_PER_EVENT = 10_000;
export const MAX_ITERATIONS_PER_CALENDAR = 100_000;
/** Expansion gives the event loop a turn this often, so a large calendar never stalls other requests. */
const ITERATIONS_PER_TURN = 2_000;
export const MAX_TITLE_LENGTH = 300;
/** Over these a calendar is refused: each grows ical.js's work by itself, before any iterator step is counted. */
const MAX_OVERRIDES_PER_UID = 1_000;
const MAX_DATES_PER_EVENT = 1_000;
/** Dates a rule's BY-parts combine into per period (BYSETPOS picks among all of them). */
const MAX_RULE_COMBINATIONS = 1_000;
const MAX_ZONE_RULE_COMBINATIONS = 31;
const ZONE_FREQUENCIES = new Set(["YEARLY", "MONTHLY"]);
const ALL_DAY_MARGIN_MS = 14 * 3_600_000;
const OVERRIDE_MARGIN_MS = 31 * 86_400_000;

export interface ExpandedEvent {
  id: string;
  title: string;
  allDay: boolean;
  busy: boolean;
  /** ISO instants for timed events; days, end exclusive, for all-day ones. */
  startsAt: string;
  endsAt: string;
  /** Instants bounding the event in any zone. */
  rangeStart: string;
  rangeEnd: string;
}

export interface ParsedCalendar {
  name: string | null;
  events: ExpandedEvent[];
  /** Events with an occurrence in the window: a series counts once, however many times it repeats. */
  eventCount: number;
  /** The bounds cut the calendar short. */
  truncated: boolean;
}

export interface ParseWindow {
  from: Date;
  to: Date;
  /** Floating times (no zone) are read in the user's zone. */
  timeZone: string;
}

type Time = ICAL.Time;

function isUtc(time: Time): boolean {
  return time.zone === ICAL.Timezone.utcTimezone || time.zone?.tzid === "UTC";
}

function instantOf(time: Time, tzid: string | null, floatingZone: string): number {
  if (isUtc(time)) return Date.UTC(time.year, time.month - 1, time.day, time.hour, time.minute, time.second);
  const zoneName = time.zone && time.zone !== ICAL.Timezone.localTimezone ? time.zone.tzid : tzid;
  const zone = zoneName && isKnownTimeZone(zoneName) ? zoneName : null;
  if (!zone && time.zone && time.zone !== ICAL.Timezone.localTimezone) return time.toUnixTime() * 1000;
  return new TZDate(time.year, time.month - 1, time.day, time.hour, time.minute, time.second, zone ?? floatingZone).getTime();
}

function dayOf(time: Time): string {
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

function nextDay(time: Time): string {
  const next = time.clone();
  next.adjust(1, 0, 0, 0);
  return dayOf(next);
}

function tzidOf(component: ICAL.Component, name: "dtstart" | "dtend"): string | null {
  const value = component.getFirstProperty(name)?.getParameter("tzid");
  return typeof value === "string" ? value : null;
}

function prop(component: ICAL.Component, name: string): string | null {
  const value = component.getFirstPropertyValue(name);
  return typeof value === "string" ? value : null;
}

function eventId(uid: string, occurrence: string): string {
  return createHash("sha256").update(`${uid}|${occurrence}`).digest("base64url").slice(0, 22);
}

class Collector {
  events: ExpandedEvent[] = [];
  ids = new Set<string>();
  iterations = 0;
  truncated = false;
  private readonly fromMs: number;
  private readonly toMs: number;

  constructor(private readonly window: ParseWindow) {
    this.fromMs = window.from.getTime();
    this.toMs = window.to.getTime();
  }

  get full(): boolean {
    return this.events.length >= MAX_OCCURRENCES_PER_CALENDAR || this.iterations >= MAX_ITERATIONS_PER_CALENDAR;
  }

  /** Adds one occurrence when it falls in the window and is neither cancelled nor broken. */
  add(item: ICAL.Event, start: Time | null, end: Time | null, key: string): void {
    const component = item.component;
    if (!start || prop(component, "status")?.toUpperCase() === "CANCELLED") return;
    const uid = prop(component, "uid") ?? "";
    const title = (prop(component, "summary")?.trim() || "(no title)").slice(0, MAX_TITLE_LENGTH);
    const busy = prop(component, "transp")?.toUpperCase() !== "TRANSPARENT";
    let row: ExpandedEvent;
    if (start.isDate) {
      const startDay = dayOf(start);
      const endDay = end && end.compare(start) > 0 ? dayOf(end) : nextDay(start);
      const rangeStart = Date.UTC(start.year, start.month - 1, start.day) - ALL_DAY_MARGIN_MS;
      const rangeEnd = Date.parse(`${endDay}T00:00:00Z`) + ALL_DAY_MARGIN_MS;
      if (rangeEnd <= this.fromMs || rangeStart >= this.toMs) return;
      row = {
        id: "",
        title,
        allDay: true,
        busy,
        startsAt: startDay,
        endsAt: endDay,
        rangeStart: new Date(rangeStart).toISOString(),
        rangeEnd: new Date(rangeEnd).toISOString(),
      };
    } else {
      const startMs = instantOf(start, tzidOf(component, "dtstart"), this.window.timeZone);
      let endMs = end ? instantOf(end, tzidOf(component, "dtend") ?? tzidOf(component, "dtstart"), this.window.timeZone) : startMs;
      if (!Number.isFinite(startMs)) return;
      if (!Number.isFinite(endMs) || endMs < startMs) endMs = startMs;
      if (endMs < this.fromMs || startMs >= this.toMs) return;
      const startsAt = new Date(startMs).toISOString();
      row = {
        id: "",
        title,
        allDay: false,
        busy,
        startsAt,
        endsAt: new Date(endMs).toISOString(),
        rangeStart: startsAt,
        rangeEnd: new Date(Math.max(endMs, startMs + 1)).toISOString(),
      };
    }
    let id = eventId(uid, key);
    for (let n = 2; this.ids.has(id); n += 1) id = eventId(uid, `${key}#${n}`);
    this.ids.add(id);
    this.events.push({ ...row, id });
  }

  /** A month's margin either side: an override may move an occurrence into the window. */
  isPastWindow(time: Time): boolean {
    return Date.UTC(time.year, time.month - 1, time.day) > this.toMs + OVERRIDE_MARGIN_MS;
  }

  isLongBeforeWindow(time: Time): boolean {
    return Date.UTC(time.year, time.month - 1, time.day) < this.fromMs - OVERRIDE_MARGIN_MS;
  }
}

function quoted(component: ICAL.Component, name: string): string {
  return `"${(prop(component, name) ?? "").trim().slice(0, 60)}"`;
}

function ruleCombinations(rule: ICAL.Recur): number {
  let combinations = 1;
  for (const values of Object.values(rule.parts as Record<string, unknown>)) {
    if (Array.isArray(values)) combinations *= Math.max(1, values.length);
  }
  return combinations;
}

function rulesOf(component: ICAL.Component): ICAL.Recur[] {
  return component.getAllProperties("rrule").flatMap((property) => property.getValues() as ICAL.Recur[]);
}

function dateCount(component: ICAL.Component, name: "rdate" | "exdate"): number {
  return component.getAllProperties(name).reduce((sum, property) => sum + property.getValues().length, 0);
}

/** ical.js expands a zone's rules from its first change to five years ahead: a zone must change at most monthly. */
function checkZone(vtimezone: ICAL.Component): void {
  let dates = 0;
  for (const observance of vtimezone.getAllSubcomponents()) {
    dates += dateCount(observance, "rdate");
    for (const rule of rulesOf(observance)) {
      if (!ZONE_FREQUENCIES.has(rule.freq) || ruleCombinations(rule) > MAX_ZONE_RULE_COMBINATIONS) {
        throw new CalendarFetchError(`The calendar's time zone ${quoted(vtimezone, "tzid")} changes more often than monthly`);
      }
    }
  }
  if (dates > MAX_DATES_PER_EVENT) {
    throw new CalendarFetchError(`The calendar's time zone ${quoted(vtimezone, "tzid")} has more than ${MAX_DATES_PER_EVENT} changes`);
  }
}

function checkEvent(vevent: ICAL.Component): void {
  for (const name of ["rdate", "exdate"] as const) {
    if (dateCount(vevent, name) > MAX_DATES_PER_EVENT) {
      throw new CalendarFetchError(`The event ${quoted(vevent, "summary")} has more than ${MAX_DATES_PER_EVENT} ${name.toUpperCase()}s`);
    }
  }
  if (rulesOf(vevent).some((rule) => ruleCombinations(rule) > MAX_RULE_COMBINATIONS)) {
    throw new CalendarFetchError(`The event ${quoted(vevent, "summary")} repeats by a rule too large to read`);
  }
}

async function expand(master: ICAL.Event, collector: Collector): Promise<void> {
  if (!master.isRecurring()) {
    collector.add(master, master.startDate, master.endDate, "");
    return;
  }
  const iterator = master.iterator();
  for (let steps = 0; ; steps += 1) {
    if (collector.full) {
      collector.truncated = true;
      return;
    }
    if (steps >= MAX_ITERATIONS_PER_EVENT) {
      collector.truncated = true;
      return;
    }
    collector.iterations += 1;
    if (collector.iterations % ITERATIONS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const next = iterator.next();
    if (!next || collector.isPastWindow(next)) return;
    if (collector.isLongBeforeWindow(next)) continue;
    const details = master.getOccurrenceDetails(next);
    collector.add(details.item, details.startDate, details.endDate, details.recurrenceId.toString());
  }
}

/** Throws a CalendarFetchError (shown to the user) when the text is no calendar at all. */
export async function parseIcs(text: string, window: ParseWindow): Promise<ParsedCalendar> {
  let root: ICAL.Component;
  try {
    root = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]!.slice(0, 120) : "unreadable";
    throw new CalendarFetchError(`The calendar could not be read (${reason})`);
  }
  if (root.name !== "vcalendar") throw new CalendarFetchError("The address did not send an ICS calendar (no VCALENDAR)");

  // Zones the calendar defines, for TZIDs that are not IANA names (Outlook's "W. Europe Standard Time").
  const registered: string[] = [];
  const vtimezones = root.getAllSubcomponents("vtimezone");
  vtimezones.forEach(checkZone);
  for (const vtimezone of vtimezones) {
    const tzid = prop(vtimezone, "tzid");
    if (!tzid || ICAL.TimezoneService.has(tzid)) continue;
    try {
      ICAL.TimezoneService.register(vtimezone);
      registered.push(tzid);
    } catch {
      // A broken VTIMEZONE: its times are read as floating.
    }
  }
  const collector = new Collector(window);
  let eventCount = 0;
  try {
    const masters = new Map<string, ICAL.Component[]>();
    const exceptions = new Map<string, ICAL.Component[]>();
    for (const vevent of root.getAllSubcomponents("vevent")) {
      checkEvent(vevent);
      const uid = prop(vevent, "uid") ?? `no-uid-${masters.size + exceptions.size}`;
      const into = vevent.hasProperty("recurrence-id") ? exceptions : masters;
      const group = into.get(uid) ?? [];
      if (group.length === 0) into.set(uid, group);
      group.push(vevent);
      if (into === exceptions && group.length > MAX_OVERRIDES_PER_UID) {
        throw new CalendarFetchError(`The event ${quoted(vevent, "summary")} has more than ${MAX_OVERRIDES_PER_UID} changed occurrences`);
      }
    }
    for (const [uid, components] of masters) {
      for (const [index, component] of components.entries()) {
        if (collector.full) break;
        try {
          // The overrides belong to the UID's first series: relating them to each of its copies would be quadratic.
          const related = index === 0 ? (exceptions.get(uid) ?? []).map((exception) => new ICAL.Event(exception)) : [];
          const master = new ICAL.Event(component, { strictExceptions: true, exceptions: related });
          if (prop(component, "status")?.toUpperCase() === "CANCELLED") continue;
          const before = collector.events.length;
          await expand(master, collector);
          if (collector.events.length > before) eventCount += 1;
        } catch {
          // One broken event (a bad date, an unreadable rule) does not lose the others.
        }
      }
    }
    // Overrides whose series is not in the file stand alone.
    for (const [uid, components] of exceptions) {
      if (masters.has(uid)) continue;
      for (const component of components) {
        try {
          const event = new ICAL.Event(component);
          const before = collector.events.length;
          collector.add(event, event.startDate, event.endDate, event.recurrenceId?.toString() ?? "");
          if (collector.events.length > before) eventCount += 1;
        } catch {
          // As above.
        }
      }
    }
  } finally {
    for (const tzid of registered) ICAL.TimezoneService.remove(tzid);
  }
  const name = prop(root, "x-wr-calname")?.trim().slice(0, 100) || null;
  return { name, events: collector.events, eventCount, truncated: collector.truncated };
}
