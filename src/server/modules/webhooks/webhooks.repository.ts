import { type Insertable, type Kysely, PostgresAdapter, type Updateable } from "kysely";
import type { Database, WebhookDeliveriesTable, WebhooksTable } from "../../db/schema.ts";

const webhookColumns = ["id", "url", "events", "enabled", "disabledReason", "createdAt"] as const;
const deliveryColumns = [
  "id",
  "event",
  "status",
  "attempts",
  "responseStatus",
  "error",
  "createdAt",
  "lastAttemptAt",
  "nextAttemptAt",
] as const;

export interface DueDelivery {
  id: string;
  webhookId: string;
  userId: string;
  payload: string;
  attempts: number;
  createdAt: string;
}

export function webhooksRepository(db: Kysely<Database>) {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return {
    async countWebhooks(userId: string): Promise<number> {
      const row = await db
        .selectFrom("webhooks")
        .select((eb) => eb.fn.countAll<number | string>().as("count"))
        .where("userId", "=", userId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async insertWebhook(row: WebhooksTable): Promise<void> {
      await db.insertInto("webhooks").values(row).execute();
    },

    listWebhooks(userId: string) {
      return db
        .selectFrom("webhooks")
        .select(webhookColumns)
        .where("userId", "=", userId)
        .orderBy("createdAt", "desc")
        .orderBy("id")
        .execute();
    },

    findWebhook(userId: string, id: string) {
      return db
        .selectFrom("webhooks")
        .select([...webhookColumns, "secret"])
        .where("userId", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
    },

    async updateWebhook(userId: string, id: string, changes: Updateable<WebhooksTable>): Promise<boolean> {
      const result = await db.updateTable("webhooks").set(changes).where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async deleteWebhook(userId: string, id: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom("webhookDeliveries").where("userId", "=", userId).where("webhookId", "=", id).execute();
        const result = await trx.deleteFrom("webhooks").where("userId", "=", userId).where("id", "=", id).executeTakeFirst();
        return Number(result.numDeletedRows) === 1;
      });
    },

    subscribedWebhooks(userId: string) {
      return db.selectFrom("webhooks").select(["id", "events"]).where("userId", "=", userId).where("enabled", "=", 1).execute();
    },

    async insertDeliveries(rows: Array<Insertable<WebhookDeliveriesTable>>): Promise<void> {
      if (rows.length > 0) await db.insertInto("webhookDeliveries").values(rows).execute();
    },

    listDeliveries(userId: string, webhookId: string, limit: number) {
      return db
        .selectFrom("webhookDeliveries")
        .select(deliveryColumns)
        .where("userId", "=", userId)
        .where("webhookId", "=", webhookId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute();
    },

    async claimDueDeliveries(now: string, limit: number, leaseUntil: string): Promise<DueDelivery[]> {
      const due = (trx: Kysely<Database>, count: number) =>
        trx
          .selectFrom("webhookDeliveries")
          .select(["id", "webhookId", "userId", "payload", "attempts", "createdAt"])
          .where("nextAttemptAt", "<=", now)
          .orderBy("nextAttemptAt")
          .limit(count);
      if ((await due(db, 1).execute()).length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const rows = await (isPostgres ? due(trx, limit).forUpdate().skipLocked() : due(trx, limit)).execute();
        if (rows.length > 0) {
          await trx
            .updateTable("webhookDeliveries")
            .set({ nextAttemptAt: leaseUntil })
            .where(
              "id",
              "in",
              rows.map((row) => row.id),
            )
            .execute();
        }
        return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }));
      });
    },

    findTarget(webhookId: string) {
      return db.selectFrom("webhooks").select(["id", "userId", "url", "secret", "enabled"]).where("id", "=", webhookId).executeTakeFirst();
    },

    async recordAttempt(id: string, leaseUntil: string, changes: Updateable<WebhookDeliveriesTable>): Promise<boolean> {
      const result = await db
        .updateTable("webhookDeliveries")
        .set(changes)
        .where("id", "=", id)
        .where("nextAttemptAt", "=", leaseUntil)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async disableWebhook(id: string, reason: string): Promise<void> {
      await db.updateTable("webhooks").set({ enabled: 0, disabledReason: reason }).where("id", "=", id).execute();
    },

    async pruneDeliveries(webhookId: string, keep: number): Promise<void> {
      const kept = db
        .selectFrom("webhookDeliveries")
        .select("id")
        .where("webhookId", "=", webhookId)
        .orderBy("createdAt", "desc")
        .orderBy("id", "desc")
        .limit(keep);
      await db
        .deleteFrom("webhookDeliveries")
        .where("webhookId", "=", webhookId)
        .where("nextAttemptAt", "is", null)
        .where("id", "not in", kept)
        .execute();
    },
  };
}
