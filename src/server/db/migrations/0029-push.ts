import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("push_keys")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("public_key", "text", (c) => c.notNull())
    .addColumn("private_key", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("push_subscriptions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("endpoint", "text", (c) => c.notNull().unique())
    .addColumn("p256dh", "text", (c) => c.notNull())
    .addColumn("auth", "text", (c) => c.notNull())
    .addColumn("device_name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("push_subscriptions_user_idx").on("push_subscriptions").columns(["user_id", "created_at"]).execute();
  await db.schema
    .createTable("push_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subscription_id", "text", (c) => c.notNull().references("push_subscriptions.id").onDelete("cascade"))
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("next_attempt_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_messages_due_idx").on("push_messages").column("next_attempt_at").execute();
  await db.schema.createIndex("push_messages_subscription_idx").on("push_messages").column("subscription_id").execute();
  await db.schema.createIndex("push_messages_user_idx").on("push_messages").column("user_id").execute();
  await db.schema
    .createTable("push_settings")
    .addColumn("user_id", "text", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("task_start", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("task_start_lead_minutes", "integer", (c) => c.notNull().defaultTo(5))
    .addColumn("wrap_up", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("wrap_up_time", "text", (c) => c.notNull().defaultTo("17:30"))
    .addColumn("rolled_over", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("stalled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("goal_deadline", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("quiet_start", "text", (c) => c.notNull().defaultTo("22:00"))
    .addColumn("quiet_end", "text", (c) => c.notNull().defaultTo("07:00"))
    .addColumn("next_check_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("push_settings_due_idx").on("push_settings").column("next_check_at").execute();
  await db.schema
    .createTable("push_reminders_sent")
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reminder_key", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("push_reminders_sent_pk", ["user_id", "reminder_key"])
    .execute();
  await db.schema.createIndex("push_reminders_sent_at_idx").on("push_reminders_sent").column("sent_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("push_reminders_sent").execute();
  await db.schema.dropTable("push_settings").execute();
  await db.schema.dropTable("push_messages").execute();
  await db.schema.dropTable("push_subscriptions").execute();
  await db.schema.dropTable("push_keys").execute();
}
