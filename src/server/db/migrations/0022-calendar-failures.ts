// A calendar's failed reads in a row: each one backs its next read off, and three pause it until the user retries.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("calendar_subscriptions")
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("calendar_subscriptions").dropColumn("consecutive_failures").execute();
}
