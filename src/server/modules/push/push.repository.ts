import { type Insertable, type Kysely, PostgresAdapter, type Updateable } from "kysely";
import type { Database, PushMessagesTable, PushSettingsTable, PushSubscriptionsTable } from "../../db/schema.ts";

export const VAPID_KEY_ID = "vapid";
/** A user with no device is never due: their settings stay, their checks stop. */
export const NEVER = "9999-12-31T00:00:00.000Z";

export interface DueMessage {
  id: string;
  subscriptionId: string;
  userId: string;
  payload: string;
  attempts: number;
  expiresAt: string;
}

const subscriptionColumns = ["id", "deviceName", "createdAt", "lastUsedAt"] as const;

export function pushRepository(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;

  /** Rows due at `now`, leased (by `lease`) so that another scheduler skips them. */
  async function claim<T extends { id: string }>(
    select: (
      trx: Kysely<Database>,
      count: number,
    ) => { execute(): Promise<T[]>; forUpdate(): { skipLocked(): { execute(): Promise<T[]> } } },
    lease: (trx: Kysely<Database>, ids: string[]) => Promise<unknown>,
    limit: number,
  ): Promise<T[]> {
    if ((await select(db, 1).execute()).length === 0) return [];
    return db.transaction().execute(async (trx) => {
      const rows = await (isPostgres ? select(trx, limit).forUpdate().skipLocked() : select(trx, limit)).execute();
      if (rows.length > 0)
        await lease(
          trx,
          rows.map((row) => row.id),
        );
      return rows;
    });
  }

  return {
    findKeys: () => db.selectFrom("pushKeys").select(["publicKey", "privateKey"]).where("id", "=", VAPID_KEY_ID).executeTakeFirst(),

    async insertKeysOnce(keys: { publicKey: string; privateKey: string }, at: string): Promise<void> {
      await db
        .insertInto("pushKeys")
        .values({ id: VAPID_KEY_ID, ...keys, createdAt: at })
        .onConflict((conflict) => conflict.column("id").doNothing())
        .execute();
    },

    async countSubscriptions(userId: string): Promise<number> {
      const row = await db
        .selectFrom("pushSubscriptions")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    findByEndpoint: (endpoint: string) =>
      db.selectFrom("pushSubscriptions").select(["id", "userId"]).where("endpoint", "=", endpoint).executeTakeFirst(),

    /** A browser's one endpoint belongs to whoever subscribed it last (a shared device signed into another account). */
    async saveSubscription(row: PushSubscriptionsTable, settings: Insertable<PushSettingsTable>): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("pushSubscriptions").where("endpoint", "=", row.endpoint).execute();
        await trx.insertInto("pushSubscriptions").values(row).execute();
        await trx
          .insertInto("pushSettings")
          .values(settings)
          .onConflict((conflict) => conflict.column("userId").doUpdateSet({ nextCheckAt: settings.nextCheckAt }))
          .execute();
      });
    },

    listSubscriptions: (userId: string) =>
      db
        .selectFrom("pushSubscriptions")
        .select(subscriptionColumns)
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id")
        .execute(),

    findSubscription: (userId: string, id: string) =>
      db.selectFrom("pushSubscriptions").select(subscriptionColumns).where("userId", "=", userId).where("id", "=", id).executeTakeFirst(),

    subscriptionIds: async (userId: string): Promise<string[]> =>
      (await db.selectFrom("pushSubscriptions").select("id").where("userId", "=", userId).execute()).map((row) => row.id),

    /** Deletes the subscription with its queued messages; the user's last one stops their checks. */
    async deleteSubscription(id: string, userId?: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("pushMessages").where("subscriptionId", "=", id).execute();
        let query = trx.deleteFrom("pushSubscriptions").where("id", "=", id);
        if (userId) query = query.where("userId", "=", userId);
        const owner =
          userId ?? (await trx.selectFrom("pushSubscriptions").select("userId").where("id", "=", id).executeTakeFirst())?.userId;
        const deleted = Number((await query.executeTakeFirst()).numDeletedRows) === 1;
        if (deleted && owner) {
          const left = await trx.selectFrom("pushSubscriptions").select("id").where("userId", "=", owner).limit(1).execute();
          if (left.length === 0) await trx.updateTable("pushSettings").set({ nextCheckAt: NEVER }).where("userId", "=", owner).execute();
        }
        return deleted;
      });
    },

    async insertMessages(rows: Array<Insertable<PushMessagesTable>>): Promise<void> {
      if (rows.length > 0) await db.insertInto("pushMessages").values(rows).execute();
    },

    claimDueMessages: (now: string, limit: number, leaseUntil: string): Promise<DueMessage[]> =>
      claim(
        (trx, count) =>
          trx
            .selectFrom("pushMessages")
            .select(["id", "subscriptionId", "userId", "payload", "attempts", "expiresAt"])
            .where("nextAttemptAt", "<=", now)
            .orderBy("nextAttemptAt")
            .limit(count),
        (trx, ids) => trx.updateTable("pushMessages").set({ nextAttemptAt: leaseUntil }).where("id", "in", ids).execute(),
        limit,
      ).then((rows) => rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))),

    findTarget: (subscriptionId: string) =>
      db.selectFrom("pushSubscriptions").select(["endpoint", "p256dh", "auth"]).where("id", "=", subscriptionId).executeTakeFirst(),

    /** Only while the lease is this run's: a scheduler that outlived its lease changes nothing. */
    async finishMessage(id: string, leaseUntil: string, subscriptionId: string, at: string): Promise<void> {
      const result = await db.deleteFrom("pushMessages").where("id", "=", id).where("nextAttemptAt", "=", leaseUntil).executeTakeFirst();
      if (Number(result.numDeletedRows) === 1)
        await db.updateTable("pushSubscriptions").set({ lastUsedAt: at }).where("id", "=", subscriptionId).execute();
    },

    async dropMessage(id: string, leaseUntil: string): Promise<void> {
      await db.deleteFrom("pushMessages").where("id", "=", id).where("nextAttemptAt", "=", leaseUntil).execute();
    },

    async retryMessage(id: string, leaseUntil: string, changes: Updateable<PushMessagesTable>): Promise<void> {
      await db.updateTable("pushMessages").set(changes).where("id", "=", id).where("nextAttemptAt", "=", leaseUntil).execute();
    },

    findSettings: (userId: string) => db.selectFrom("pushSettings").selectAll().where("userId", "=", userId).executeTakeFirst(),

    async upsertSettings(row: Insertable<PushSettingsTable>, changes: Updateable<PushSettingsTable>): Promise<void> {
      await db
        .insertInto("pushSettings")
        .values(row)
        .onConflict((conflict) => conflict.column("userId").doUpdateSet(changes))
        .execute();
    },

    claimDueUsers: (now: string, limit: number, leaseUntil: string) =>
      claim(
        (trx, count) =>
          trx
            .selectFrom("pushSettings")
            .innerJoin("users", "users.id", "pushSettings.userId")
            .select(["pushSettings.userId as id", "users.timeZone"])
            .where("pushSettings.nextCheckAt", "<=", now)
            .orderBy("pushSettings.nextCheckAt")
            .limit(count),
        (trx, ids) => trx.updateTable("pushSettings").set({ nextCheckAt: leaseUntil }).where("userId", "in", ids).execute(),
        limit,
      ),

    async setNextCheck(userId: string, leaseUntil: string, nextCheckAt: string): Promise<void> {
      await db
        .updateTable("pushSettings")
        .set({ nextCheckAt })
        .where("userId", "=", userId)
        .where("nextCheckAt", "=", leaseUntil)
        .execute();
    },

    /** A change to the users' tasks or zone: their next check is now (unless they have no device). */
    async checkSoon(userIds: readonly string[] | null, now: string): Promise<void> {
      if (userIds?.length === 0) return;
      let query = db.updateTable("pushSettings").set({ nextCheckAt: now });
      if (userIds) query = query.where("userId", "in", userIds);
      await query.where("nextCheckAt", ">", now).where("nextCheckAt", "<>", NEVER).execute();
    },

    timedTasks: (userId: string, fromDay: string, toDay: string) =>
      db
        .selectFrom("tasks")
        .select(["id", "title", "date", "scheduledStartTime"])
        .where("userId", "=", userId)
        .where("status", "=", "todo")
        .where("date", ">=", fromDay)
        .where("date", "<=", toDay)
        .where("scheduledStartTime", "is not", null)
        .execute(),

    /** Stalled lately: an older stall was told when it happened. */
    stalledTasks: (userId: string, since: string) =>
      db
        .selectFrom("tasks")
        .select(["id", "title", "date", "updatedAt"])
        .where("userId", "=", userId)
        .where("status", "=", "stalled")
        .where("updatedAt", ">=", since)
        .execute(),

    deadlineGoals: (userId: string, fromDay: string, toDay: string) =>
      db
        .selectFrom("goals")
        .select(["id", "title", "targetDate", "totalTasksCount", "completedTasksCount"])
        .where("userId", "=", userId)
        .where("status", "=", "active")
        .where("targetDate", ">=", fromDay)
        .where("targetDate", "<=", toDay)
        .execute(),

    /** The scheduler's closes only: a user who closed the day themselves saw what moved. */
    recentCloses: (userId: string, fromDay: string) =>
      db
        .selectFrom("rolloverSummaries")
        .select(["date", "rolledOverCount", "createdAt"])
        .where("userId", "=", userId)
        .where("date", ">=", fromDay)
        .where("closedBy", "=", "scheduler")
        .execute(),

    async sentKeys(userId: string, keys: readonly string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db
        .selectFrom("pushRemindersSent")
        .select("reminderKey")
        .where("userId", "=", userId)
        .where("reminderKey", "in", keys)
        .execute();
      return new Set(rows.map((row) => row.reminderKey));
    },

    /** Marks the reminders sent and queues their messages together, so that each is queued exactly once. */
    async queueReminders(
      userId: string,
      keys: readonly string[],
      at: string,
      messages: Array<Insertable<PushMessagesTable>>,
    ): Promise<void> {
      if (keys.length === 0) return;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("pushRemindersSent")
          .values(keys.map((reminderKey) => ({ userId, reminderKey, sentAt: at })))
          .execute();
        if (messages.length > 0) await trx.insertInto("pushMessages").values(messages).execute();
      });
    },

    async pruneSent(before: string): Promise<void> {
      await db.deleteFrom("pushRemindersSent").where("sentAt", "<", before).execute();
    },
  };
}

export type PushRepository = ReturnType<typeof pushRepository>;
