// Who closed a day: the morning push says "n tasks rolled over" only after the scheduler's close (decision 058).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("rollover_summaries")
    .addColumn("closed_by", "text", (c) => c.notNull().defaultTo("user"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rollover_summaries").dropColumn("closed_by").execute();
}
