// Insights (issue 15; docs/decisions/010-insights.md).
// - daily_insights.source_version: the user's data version (migration 0004) the stored insights
//   were computed from; a read that finds another version recomputes them.
// - users.weekly_summary_next_at: when the weekly summary job should next look at the user (the
//   auto rollover's slot-and-lease pattern of migration 0006, on its own column). '' (every user at
//   first, and new users by default) sorts before every instant: the first tick schedules them.
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
