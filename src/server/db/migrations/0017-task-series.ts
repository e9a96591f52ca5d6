// Repeating tasks (docs/decisions/034): a series, and each occurrence a task keyed by the day it belongs to.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("task_series")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("recurrence", "text", (c) => c.notNull())
    .addColumn("start_date", "text", (c) => c.notNull())
    .addColumn("end_date", "text")
    // Days whose occurrence was deleted, comma-separated, so that a read does not make it again.
    .addColumn("skipped_days", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("estimated_duration", "integer")
    .addColumn("scheduled_start_time", "text")
    .addColumn("goal_id", "text", (c) => c.references("goals.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("task_series_user_start_idx").on("task_series").columns(["user_id", "start_date"]).execute();
  await db.schema
    .alterTable("tasks")
    .addColumn("series_id", "text", (c) => c.references("task_series.id").onDelete("set null"))
    .execute();
  // The day the occurrence belongs to: moving or rolling it over changes its date, not this.
  await db.schema.alterTable("tasks").addColumn("occurrence_date", "text").execute();
  await db.schema.createIndex("tasks_series_occurrence_idx").on("tasks").columns(["series_id", "occurrence_date"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_series_occurrence_idx").execute();
  await db.schema.alterTable("tasks").dropColumn("occurrence_date").execute();
  await db.schema.alterTable("tasks").dropColumn("series_id").execute();
  await db.schema.dropTable("task_series").execute();
}
