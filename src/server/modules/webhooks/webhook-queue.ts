// Each use case queues its own webhook events after its commit, whoever called it (decision 059).
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { WebhookEvent } from "../../../shared/api/webhooks.ts";
import { afterCommit } from "../../db/user-data.ts";
import type { Database } from "../../db/schema.ts";
import type { WebhookEvents } from "./webhook-events.ts";

// A stack: a test may build a second app on a database for a while; the newest app's queue takes the events.
const queues = new WeakMap<Kysely<Database>, WebhookEvents[]>();

export function queueWebhooksOf(kysely: Kysely<Database>, events: WebhookEvents): () => void {
  const stack = queues.get(kysely) ?? [];
  queues.set(kysely, [...stack, events]);
  return () =>
    queues.set(
      kysely,
      (queues.get(kysely) ?? []).filter((queued) => queued !== events),
    );
}

/** `db` is the write's transaction (queued after its commit) or the database once the write has committed. */
export function emitWebhook(db: Kysely<Database>, userId: string, event: WebhookEvent, schema: z.ZodType, data: unknown): void {
  const emit = (root: Kysely<Database>) => queues.get(root)?.at(-1)?.emit(userId, event, schema, data);
  if (db.isTransaction) afterCommit(db, emit);
  else emit(db);
}
