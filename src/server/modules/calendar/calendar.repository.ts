// Calendar subscriptions, their expanded events and the users' feeds (migration 0018). Every function that reads a
// user's rows takes the user's id first; the scheduler's claim and the feed's secret lookup are the exceptions.
import { type Kysely, PostgresAdapter, type Selectable } from "kysely";
import { MAX_CONSECUTIVE_FAILURES } from "../../../shared/api/calendar.ts";
import type { ChangeKind } from "../../../shared/api/live-events.ts";
import { compiledQuery } from "../../db/compiled-query.ts";
import { writeUserData } from "../../db/user-data.ts";
import type { CalendarSubscriptionsTable, Database, Flag } from "../../db/schema.ts";
import type { ExpandedEvent } from "./ics-parse.ts";

export type SubscriptionRow = Selectable<CalendarSubscriptionsTable>;
export type NewSubscriptionRow = Omit<SubscriptionRow, "userId" | "eventCount" | "consecutiveFailures">;

/** Rows per INSERT: well below both databases' bound-parameter limits. */
const INSERT_BATCH = 400;
/** What the events and the subscriptions' list show: kept event answers and other devices follow it. */
const CALENDAR_CHANGES: readonly ChangeKind[] = ["calendar"];

const eventsInRangeQuery = compiledQuery((db, p: { userId: string; from: string; to: string }) =>
  db
    .selectFrom("calendarEvents")
    .innerJoin("calendarSubscriptions", "calendarSubscriptions.id", "calendarEvents.subscriptionId")
    .select([
      "calendarEvents.id",
      "calendarEvents.subscriptionId",
      "calendarEvents.title",
      "calendarEvents.startsAt",
      "calendarEvents.endsAt",
      "calendarEvents.allDay",
      "calendarEvents.busy",
    ])
    .where("calendarEvents.userId", "=", p.userId)
    .where("calendarEvents.rangeEnd", ">", p.from)
    .where("calendarEvents.rangeStart", "<", p.to)
    .where("calendarSubscriptions.enabled", "=", 1)
    .orderBy("calendarEvents.startsAt")
    .orderBy("calendarEvents.id"),
);

const feedOwnerQuery = compiledQuery((db, p: { secretHash: string }) =>
  db
    .selectFrom("calendarFeeds")
    .innerJoin("users", "users.id", "calendarFeeds.userId")
    .select(["users.id", "users.timeZone", "users.dataVersion"])
    .where("calendarFeeds.secretHash", "=", p.secretHash),
);

export function calendarRepository(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    async listSubscriptions(userId: string): Promise<SubscriptionRow[]> {
      return db.selectFrom("calendarSubscriptions").selectAll().where("userId", "=", userId).orderBy("createdAt").orderBy("id").execute();
    },

    async findSubscription(userId: string, id: string): Promise<SubscriptionRow | undefined> {
      return db.selectFrom("calendarSubscriptions").selectAll().where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
    },

    async countSubscriptions(userId: string): Promise<number> {
      const row = await db
        .selectFrom("calendarSubscriptions")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("userId", "=", userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /** Counted and inserted in the transaction that raises the user's version, which locks the user's row on PostgreSQL
     *  (SQLite runs one transaction at a time): parallel subscribes cannot pass the cap together. False when at it. */
    async insertSubscription(userId: string, max: number, row: (count: number) => NewSubscriptionRow): Promise<boolean> {
      return writeUserData(db, userId, CALENDAR_CHANGES, async (trx) => {
        const counted = await trx
          .selectFrom("calendarSubscriptions")
          .select((eb) => eb.fn.countAll<number | string>().as("count"))
          .where("userId", "=", userId)
          .executeTakeFirst();
        const count = Number(counted?.count ?? 0);
        if (count >= max) return false;
        await trx
          .insertInto("calendarSubscriptions")
          .values({ ...row(count), userId })
          .execute();
        return true;
      });
    },

    async updateSubscription(
      userId: string,
      id: string,
      changes: Partial<Pick<SubscriptionRow, "name" | "colour" | "enabled" | "updatedAt">>,
    ): Promise<boolean> {
      const result = await writeUserData(db, userId, CALENDAR_CHANGES, (trx) =>
        trx.updateTable("calendarSubscriptions").set(changes).where("userId", "=", userId).where("id", "=", id).executeTakeFirst(),
      );
      return result.numUpdatedRows > 0n;
    },

    async deleteSubscription(userId: string, id: string): Promise<boolean> {
      return writeUserData(db, userId, CALENDAR_CHANGES, async (trx) => {
        await trx.deleteFrom("calendarEvents").where("userId", "=", userId).where("subscriptionId", "=", id).execute();
        const result = await trx.deleteFrom("calendarSubscriptions").where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
        return result.numDeletedRows > 0n;
      });
    },

    /** The new good copy replaces the old one in one transaction; a subscription deleted meanwhile keeps none. */
    async storeEvents(
      userId: string,
      id: string,
      events: readonly ExpandedEvent[],
      fields: { contentHash: string; expandedOn: string; lastSuccessAt: string; eventCount: number; name?: string },
    ): Promise<void> {
      await writeUserData(db, userId, CALENDAR_CHANGES, async (trx) => {
        const updated = await trx
          .updateTable("calendarSubscriptions")
          .set({ ...fields, lastError: null, lastErrorAt: null, consecutiveFailures: 0 })
          .where("userId", "=", userId)
          .where("id", "=", id)
          .executeTakeFirst();
        if (updated.numUpdatedRows === 0n) return;
        await trx.deleteFrom("calendarEvents").where("userId", "=", userId).where("subscriptionId", "=", id).execute();
        for (let at = 0; at < events.length; at += INSERT_BATCH) {
          const rows = events.slice(at, at + INSERT_BATCH).map((event) => ({
            subscriptionId: id,
            userId,
            id: event.id,
            title: event.title,
            rangeStart: event.rangeStart,
            rangeEnd: event.rangeEnd,
            startsAt: event.startsAt,
            endsAt: event.endsAt,
            allDay: (event.allDay ? 1 : 0) as Flag,
            busy: (event.busy ? 1 : 0) as Flag,
          }));
          await trx.insertInto("calendarEvents").values(rows).execute();
        }
      });
    },

    /** The same calendar read again: only the time of success moves. */
    async recordUnchanged(userId: string, id: string, lastSuccessAt: string): Promise<void> {
      await db
        .updateTable("calendarSubscriptions")
        .set({ lastSuccessAt, lastError: null, lastErrorAt: null, consecutiveFailures: 0 })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .execute();
    },

    async recordFailure(userId: string, id: string, lastError: string, lastErrorAt: string, consecutiveFailures: number): Promise<void> {
      await db
        .updateTable("calendarSubscriptions")
        .set({ lastError, lastErrorAt, consecutiveFailures })
        .where("userId", "=", userId)
        .where("id", "=", id)
        .execute();
    },

    async listEvents(userId: string, from: string, to: string) {
      return eventsInRangeQuery.rows(db, { userId, from, to });
    },

    /** The scheduler's claim: due subscriptions get the lease as their slot, so another instance skips them; paused ones
     *  (failed too often in a row) wait for the user's retry. */
    async claimDueSubscriptions(now: string, limit: number, leaseUntil: string): Promise<SubscriptionRow[]> {
      const selectDue = (trx: Kysely<Database>, count: number) =>
        trx
          .selectFrom("calendarSubscriptions")
          .selectAll()
          .where("nextFetchAt", "<=", now)
          .where("consecutiveFailures", "<", MAX_CONSECUTIVE_FAILURES)
          .orderBy("nextFetchAt")
          .limit(count);
      if ((await selectDue(db, 1).execute()).length === 0) return [];
      return db.transaction().execute(async (trx) => {
        let query = selectDue(trx, limit);
        if (isPostgres) query = query.forUpdate().skipLocked();
        const due = await query.execute();
        if (due.length > 0) {
          await trx
            .updateTable("calendarSubscriptions")
            .set({ nextFetchAt: leaseUntil })
            .where(
              "id",
              "in",
              due.map((row) => row.id),
            )
            .execute();
        }
        return due;
      });
    },

    async setNextFetch(userId: string, id: string, nextFetchAt: string): Promise<void> {
      await db.updateTable("calendarSubscriptions").set({ nextFetchAt }).where("userId", "=", userId).where("id", "=", id).execute();
    },

    /** Unless the slot moved since the claim. */
    async moveSlot(id: string, leaseUntil: string, nextFetchAt: string): Promise<void> {
      await db
        .updateTable("calendarSubscriptions")
        .set({ nextFetchAt })
        .where("id", "=", id)
        .where("nextFetchAt", "=", leaseUntil)
        .execute();
    },

    async findFeed(userId: string) {
      return db.selectFrom("calendarFeeds").select(["nonce", "secretHash"]).where("userId", "=", userId).executeTakeFirst();
    },

    /** Of two creations at once, the first stays. */
    async insertFeed(userId: string, row: { nonce: string; secretHash: string; createdAt: string }): Promise<void> {
      await db
        .insertInto("calendarFeeds")
        .values({ ...row, userId })
        .onConflict((oc) => oc.column("userId").doNothing())
        .execute();
    },

    async deleteFeed(userId: string): Promise<boolean> {
      const result = await db.deleteFrom("calendarFeeds").where("userId", "=", userId).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** The one read of a feed request: who owns the secret, and what its answer depends on. */
    async findFeedOwner(secretHash: string) {
      return feedOwnerQuery.takeFirst(db, { secretHash });
    },
  };
}
