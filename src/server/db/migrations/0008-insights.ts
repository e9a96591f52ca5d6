// '' sorts before every instant, so the weekly job's first tick schedules every user (docs/decisions/010-insights.md).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("daily_insights")
    .addColumn("source_version", "integer", (c) => c.notNull().defaultTo(-1))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("weekly_summary_next_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("users_weekly_summary_next_at_idx").on("users").column("weekly_summary_next_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("users_weekly_summary_next_at_idx").execute();
  await db.schema.alterTable("users").dropColumn("weekly_summary_next_at").execute();
  await db.schema.alterTable("daily_insights").dropColumn("source_version").execute();
}
