import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("users")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text")
    .addColumn("avatar_url", "text")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("user_identities")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("issuer", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_sign_in_at", "text", (c) => c.notNull())
    .addUniqueConstraint("user_identities_issuer_subject_key", ["issuer", "subject"])
    .execute();
  await db.schema.createIndex("user_identities_user_idx").on("user_identities").column("user_id").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("user_agent", "text")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("refresh_tokens")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("session_id", "text", (c) => c.notNull().references("sessions.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("rotated_at", "text")
    .addColumn("replaced_by_id", "text")
    .execute();
  await db.schema.createIndex("refresh_tokens_session_idx").on("refresh_tokens").column("session_id").execute();

  await db.schema
    .createTable("goals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("target_date", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("active"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("goals_user_created_idx").on("goals").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("tasks")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goal_id", "text", (c) => c.references("goals.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("todo"))
    .addColumn("date", "text")
    .addColumn("estimated_duration", "integer")
    .addColumn("scheduled_start_time", "text")
    .addColumn("first_started_at", "text")
    .addColumn("current_session_started_at", "text")
    .addColumn("work_session_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("started_at", "text")
    .addColumn("completed_at", "text")
    .addColumn("tracked_minutes", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rollover_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_planned_date", "text")
    .addColumn("rolled_over_from_date", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("tasks_user_date_idx").on("tasks").columns(["user_id", "date"]).execute();
  await db.schema.createIndex("tasks_user_status_idx").on("tasks").columns(["user_id", "status"]).execute();
  await db.schema.createIndex("tasks_user_goal_idx").on("tasks").columns(["user_id", "goal_id"]).execute();

  await db.schema
    .createTable("rollover_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("auto_rollover_enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("auto_rollover_time", "text", (c) => c.notNull().defaultTo("23:30"))
    .addColumn("rollover_todo_tasks", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stall_in_progress_tasks", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("defer_large_tasks", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("max_rollover_days", "integer", (c) => c.notNull().defaultTo(7))
    .addColumn("require_confirmation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("rollover_summaries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("rolled_over_count", "integer", (c) => c.notNull())
    .addColumn("stalled_count", "integer", (c) => c.notNull())
    .addColumn("deferred_count", "integer", (c) => c.notNull())
    .addColumn("review_count", "integer", (c) => c.notNull())
    .addColumn("task_ids", "text", (c) => c.notNull())
    .addColumn("completed_count", "integer", (c) => c.notNull())
    .addColumn("total_count", "integer", (c) => c.notNull())
    .addColumn("planned_minutes", "integer", (c) => c.notNull())
    .addColumn("actual_minutes", "integer", (c) => c.notNull())
    .addColumn("reflection_reasons", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("rollover_summaries_user_date_key", ["user_id", "date"])
    .execute();

  await db.schema
    .createTable("daily_insights")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("date", "text", (c) => c.notNull())
    .addColumn("insights", "text", (c) => c.notNull())
    .addColumn("viewed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("provider", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("daily_insights_user_date_key", ["user_id", "date"])
    .execute();

  await db.schema
    .createTable("weekly_summaries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("week_start_date", "text", (c) => c.notNull())
    .addColumn("tasks_total", "integer", (c) => c.notNull())
    .addColumn("tasks_completed", "integer", (c) => c.notNull())
    .addColumn("goals_progressed", "integer", (c) => c.notNull())
    .addColumn("insights", "text", (c) => c.notNull())
    .addColumn("summary_text", "text", (c) => c.notNull())
    .addColumn("generated_at", "text", (c) => c.notNull())
    .addColumn("viewed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("weekly_summaries_user_week_key", ["user_id", "week_start_date"])
    .execute();

  await db.schema
    .createTable("ai_conversations")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("response", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ai_conversations_user_created_idx").on("ai_conversations").columns(["user_id", "created_at"]).execute();

  await db.schema
    .createTable("ai_suggestion_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goal_id", "text", (c) => c.references("goals.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("ai_suggestion_events_user_created_idx")
    .on("ai_suggestion_events")
    .columns(["user_id", "created_at"])
    .execute();

  await db.schema
    .createTable("job_leases")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("owner", "text", (c) => c.notNull())
    .addColumn("lease_expires_at", "text", (c) => c.notNull())
    .addColumn("completed_at", "text")
    .execute();

  await db.schema
    .createTable("rate_limits")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("reset_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "rate_limits",
    "job_leases",
    "ai_suggestion_events",
    "ai_conversations",
    "weekly_summaries",
    "daily_insights",
    "rollover_summaries",
    "rollover_settings",
    "tasks",
    "goals",
    "refresh_tokens",
    "sessions",
    "user_identities",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
