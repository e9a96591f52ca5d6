// Calendars (docs/decisions/035): subscriptions read once per fetch into their events, the events of a day or range in
// the user's zone, and the user's private feed of planned tasks.
import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { TZDate } from "@date-fns/tz";
import { type Kysely, PostgresAdapter } from "kysely";
import { LRUCache } from "lru-cache";
import {
  CALENDAR_COLOURS,
  CALENDAR_EVENTS_MAX_DAYS,
  type CalendarEvent,
  type CalendarSubscription,
  type CreateSubscriptionBody,
  MAX_CALENDAR_SUBSCRIPTIONS,
  MAX_CONSECUTIVE_FAILURES,
  type UpdateSubscriptionBody,
} from "../../../shared/api/calendar.ts";
import { addDays, daysBetween, LAST_CALENDAR_DATE, startOfDayInZone, todayInZone } from "../../../shared/rules/dates.ts";
import { meetingMinutes } from "../../../shared/rules/meetings.ts";
import { AppError } from "../../app-error.ts";
import type { Database, Flag } from "../../db/schema.ts";
import type { Dialect } from "../../db/database.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";
import { calendarRepository, type SubscriptionRow } from "./calendar.repository.ts";
import { CalendarFetchError, fetchIcs, normaliseCalendarUrl, shortenCalendarUrl } from "./calendar-fetch.ts";
import { buildFeed, FEED_DAYS_AHEAD, FEED_DAYS_BACK } from "./ics-feed.ts";
import { CalendarBusyError, type ParseLimits, parseIcsOffThread } from "./ics-parse-off-thread.ts";

export const REFRESH_INTERVAL_MS = 15 * 60_000;
/** The window a fetch expands recurrences into, around the user's today. */
export const EVENTS_DAYS_BACK = 90;
export const EVENTS_DAYS_AHEAD = 365;
const FEED_SECRET = /^[A-Za-z0-9_-]{43}$/;
/** Feeds kept by owner and ETag: a calendar app that polls without If-None-Match gets the built text again. */
const FEEDS_KEPT = 100;

export interface CalendarServiceDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  allowPrivateUrls: boolean;
  publicUrl: string;
  /** The server's secret: a feed's URL secret is derived from it and a stored nonce. */
  feedKey: string;
  fetchTimeoutMs?: number;
  maxBytes?: number;
  parseLimits?: ParseLimits;
  /** Aborted when the server closes: reads in flight end, and are not counted as failures. */
  signal?: AbortSignal;
}

function toView(row: SubscriptionRow): CalendarSubscription {
  return {
    id: row.id,
    name: row.name,
    url: shortenCalendarUrl(row.url),
    colour: row.colour,
    enabled: Number(row.enabled) === 1,
    lastSuccessAt: row.lastSuccessAt,
    lastError: row.lastError,
    lastErrorAt: row.lastErrorAt,
    eventCount: Number(row.eventCount),
    failureCount: Number(row.consecutiveFailures),
    paused: Number(row.consecutiveFailures) >= MAX_CONSECUTIVE_FAILURES,
    createdAt: row.createdAt,
  };
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

function inZone(iso: string, zone: string): string {
  return new TZDate(Date.parse(iso), zone).toISOString().replace(".000", "");
}

/** The events of a day or a range, for the routes and the assistant's capacity (no fetching, no feed). */
export function calendarEvents(deps: { kysely: Kysely<Database>; now: () => Date }) {
  const repository = calendarRepository(deps.kysely);
  const users = usersService({ kysely: deps.kysely, now: deps.now });

  /** A day's or a range's events (both days included), in the user's zone. */
  async function listEvents(userId: string, query: { date?: string; from?: string; to?: string }): Promise<CalendarEvent[]> {
    const from = query.date ?? query.from;
    const to = query.date ?? query.to;
    if (!from || !to || (query.date && (query.from || query.to))) {
      throw new AppError("validation_failed", "Give either date, or both from and to");
    }
    const days = daysBetween(from, to) + 1;
    if (days < 1 || days > CALENDAR_EVENTS_MAX_DAYS) {
      throw new AppError("validation_failed", `from must not be after to, and the range at most ${CALENDAR_EVENTS_MAX_DAYS} days`);
    }
    const zone = await users.userTimeZone(userId);
    // The last calendar day has no next day to start: its end is a day after its start (no zone changes on 31 December).
    const end =
      to === LAST_CALENDAR_DATE ? new Date(startOfDayInZone(to, zone).getTime() + 86_400_000) : startOfDayInZone(addDays(to, 1), zone);
    const rows = await repository.listEvents(userId, startOfDayInZone(from, zone).toISOString(), end.toISOString());
    const events: CalendarEvent[] = [];
    for (const row of rows) {
      const allDay = Number(row.allDay) === 1;
      if (allDay && (row.startsAt > to || row.endsAt <= from)) continue;
      events.push({
        id: row.id,
        calendarId: row.subscriptionId,
        title: row.title,
        start: allDay ? row.startsAt : inZone(row.startsAt, zone),
        end: allDay ? row.endsAt : inZone(row.endsAt, zone),
        allDay,
        busy: Number(row.busy) === 1,
      });
    }
    return events;
  }

  return {
    listEvents,
    /** Busy timed minutes of the day: what the capacity takes off the available time. */
    async meetingMinutes(userId: string, day: string): Promise<number> {
      return meetingMinutes(await listEvents(userId, { date: day }), day);
    },
  };
}

export function calendarService(deps: CalendarServiceDeps) {
  const repository = calendarRepository(deps.kysely);
  const builtFeeds = new LRUCache<string, { etag: string; body: string }>({ max: FEEDS_KEPT });
  const users = usersService({ kysely: deps.kysely, now: deps.now });
  const dialect: Dialect = deps.kysely.getExecutor().adapter instanceof PostgresAdapter ? "postgres" : "sqlite";
  const taskRows = tasksService({ kysely: deps.kysely, dialect, now: deps.now });
  const recurrence = recurrenceService({ kysely: deps.kysely, dialect, now: deps.now });
  const fetchOptions = {
    allowPrivateUrls: deps.allowPrivateUrls,
    timeoutMs: deps.fetchTimeoutMs,
    maxBytes: deps.maxBytes,
    signal: deps.signal,
  };

  /** Parsed unless it is the kept copy (same text, zone and day): then `parsed` is null. */
  async function readCalendar(url: string, zone: string, kept?: Pick<SubscriptionRow, "contentHash" | "expandedOn">) {
    const text = await fetchIcs(url, fetchOptions);
    const today = todayInZone(deps.now(), zone);
    // The zone is part of the copy: floating times are read in it.
    const hash = sha256(`${zone}\n${text}`);
    if (kept && hash === kept.contentHash && today === kept.expandedOn) return { hash, today, parsed: null };
    const window = {
      from: startOfDayInZone(addDays(today, -EVENTS_DAYS_BACK), zone),
      to: startOfDayInZone(addDays(today, EVENTS_DAYS_AHEAD), zone),
      timeZone: zone,
    };
    return { hash, today, parsed: await parseIcsOffThread(text, window, { ...deps.parseLimits, signal: deps.signal }) };
  }

  /**
   * A failing read keeps the last good copy and records why; an unchanged calendar is not written again. Returns the
   * failed reads in a row after this one (0 after a success).
   */
  async function refresh(
    subscription: Pick<SubscriptionRow, "id" | "userId" | "url" | "contentHash" | "expandedOn" | "consecutiveFailures">,
  ): Promise<number> {
    const at = deps.now().toISOString();
    try {
      const read = await readCalendar(subscription.url, await users.userTimeZone(subscription.userId), subscription);
      if (!read.parsed) {
        await repository.recordUnchanged(subscription.userId, subscription.id, at);
      } else {
        await repository.storeEvents(subscription.userId, subscription.id, read.parsed.events, {
          contentHash: read.hash,
          expandedOn: read.today,
          lastSuccessAt: at,
          eventCount: read.parsed.eventCount,
        });
      }
      return 0;
    } catch (error) {
      if (deps.signal?.aborted || error instanceof CalendarBusyError) return Number(subscription.consecutiveFailures);
      if (!(error instanceof CalendarFetchError)) throw error;
      const failures = Number(subscription.consecutiveFailures) + 1;
      await repository.recordFailure(subscription.userId, subscription.id, error.message, at, failures);
      return failures;
    }
  }

  /** 15 minutes after a success, doubled by each failed read in a row. */
  const nextFetchAt = (failures: number) => new Date(deps.now().getTime() + REFRESH_INTERVAL_MS * 2 ** failures).toISOString();

  function feedSecret(userId: string, nonce: string): string {
    return createHmac("sha256", deps.feedKey).update(`calendar-feed:${userId}:${nonce}`).digest("base64url");
  }

  const feedUrl = (secret: string) => `${deps.publicUrl}/calendar/${secret}.ics`;

  return {
    async listSubscriptions(userId: string): Promise<CalendarSubscription[]> {
      return (await repository.listSubscriptions(userId)).map(toView);
    },

    /** Read at once: a calendar that cannot be read is refused with the reason, and nothing is stored. */
    async subscribe(userId: string, body: CreateSubscriptionBody): Promise<CalendarSubscription> {
      const tooMany = () => new AppError("bad_request", `At most ${MAX_CALENDAR_SUBSCRIPTIONS} calendars can be subscribed`);
      // Refused before reading when already full; counted again with the insert, which parallel subscribes may race.
      if ((await repository.countSubscriptions(userId)) >= MAX_CALENDAR_SUBSCRIPTIONS) throw tooMany();
      let url: string;
      let read: Awaited<ReturnType<typeof readCalendar>>;
      try {
        url = normaliseCalendarUrl(body.url).href;
        read = await readCalendar(url, await users.userTimeZone(userId));
      } catch (error) {
        if (error instanceof CalendarFetchError) throw new AppError("bad_request", error.message);
        throw error;
      }
      const now = deps.now();
      const at = now.toISOString();
      const id = randomUUID();
      const parsed = read.parsed!;
      const inserted = await repository.insertSubscription(userId, MAX_CALENDAR_SUBSCRIPTIONS, (count) => ({
        id,
        name: body.name ?? parsed.name ?? new URL(url).hostname,
        url,
        colour: CALENDAR_COLOURS[count % CALENDAR_COLOURS.length]!,
        enabled: 1,
        lastSuccessAt: null,
        lastError: null,
        lastErrorAt: null,
        contentHash: null,
        expandedOn: null,
        nextFetchAt: new Date(now.getTime() + REFRESH_INTERVAL_MS).toISOString(),
        createdAt: at,
        updatedAt: at,
      }));
      if (!inserted) throw tooMany();
      await repository.storeEvents(userId, id, parsed.events, {
        contentHash: read.hash,
        expandedOn: read.today,
        lastSuccessAt: at,
        eventCount: parsed.eventCount,
      });
      return toView((await repository.findSubscription(userId, id))!);
    },

    async updateSubscription(userId: string, id: string, body: UpdateSubscriptionBody): Promise<CalendarSubscription> {
      const changes = {
        ...(body.name === undefined ? {} : { name: body.name }),
        ...(body.colour === undefined ? {} : { colour: body.colour.toLowerCase() }),
        ...(body.enabled === undefined ? {} : { enabled: (body.enabled ? 1 : 0) as Flag }),
        updatedAt: deps.now().toISOString(),
      };
      if (!(await repository.updateSubscription(userId, id, changes))) throw new AppError("not_found", "Calendar not found");
      return toView((await repository.findSubscription(userId, id))!);
    },

    async deleteSubscription(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteSubscription(userId, id))) throw new AppError("not_found", "Calendar not found");
    },

    refresh,

    /** Read at once, paused or not; a failure counts from one again, so the scheduler tries it again after a wait. */
    async retry(userId: string, id: string): Promise<CalendarSubscription> {
      const row = await repository.findSubscription(userId, id);
      if (!row) throw new AppError("not_found", "Calendar not found");
      const failures = await refresh({ ...row, consecutiveFailures: 0 });
      await repository.setNextFetch(userId, id, nextFetchAt(failures));
      return toView((await repository.findSubscription(userId, id))!);
    },

    claimDueSubscriptions: repository.claimDueSubscriptions,
    listEvents: calendarEvents(deps).listEvents,

    async scheduleNext(id: string, leaseUntil: string, failures: number): Promise<void> {
      await repository.moveSlot(id, leaseUntil, nextFetchAt(failures));
    },

    async getFeed(userId: string): Promise<{ url: string | null }> {
      const feed = await repository.findFeed(userId);
      return { url: feed ? feedUrl(feedSecret(userId, feed.nonce)) : null };
    },

    /** The existing feed's URL, or a new one. */
    async createFeed(userId: string): Promise<{ url: string }> {
      const existing = await repository.findFeed(userId);
      if (!existing) {
        const nonce = randomBytes(16).toString("base64url");
        const secretHash = sha256(feedSecret(userId, nonce));
        await repository.insertFeed(userId, { nonce, secretHash, createdAt: deps.now().toISOString() });
      }
      const feed = (await repository.findFeed(userId))!;
      return { url: feedUrl(feedSecret(userId, feed.nonce)) };
    },

    async revokeFeed(userId: string): Promise<void> {
      if (!(await repository.deleteFeed(userId))) throw new AppError("not_found", "There is no calendar feed");
    },

    /**
     * The feed for a URL's secret: 404 for an unknown or revoked one. The ETag is the owner's data version, today
     * and zone, so a poll that finds nothing new is answered from one indexed read.
     */
    async readFeed(secret: string, ifNoneMatch: string | undefined): Promise<{ etag: string; body: string | null }> {
      if (!FEED_SECRET.test(secret)) throw new AppError("not_found", "Not found");
      const owner = await repository.findFeedOwner(sha256(secret));
      if (!owner) throw new AppError("not_found", "Not found");
      const zone = owner.timeZone;
      const today = todayInZone(deps.now(), zone);
      const etag = `"${owner.dataVersion}-${today}-${sha256(zone).slice(0, 8)}"`;
      if (ifNoneMatch && ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return { etag, body: null };
      const kept = builtFeeds.get(owner.id);
      if (kept?.etag === etag) return kept;
      const from = addDays(today, -FEED_DAYS_BACK);
      const to = addDays(today, FEED_DAYS_AHEAD);
      const [tasks, series, occurrences] = await Promise.all([
        taskRows.listForFeed(owner.id, from, to),
        recurrence.listForFeed(owner.id, from, to),
        taskRows.listOccurrencesForFeed(owner.id, from, to),
      ]);
      const built = { etag, body: buildFeed({ zone, today, tasks, series, occurrences }) };
      builtFeeds.set(owner.id, built);
      return built;
    },
  };
}
