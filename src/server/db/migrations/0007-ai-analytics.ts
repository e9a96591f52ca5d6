// A chat exchange is kept as its time, provider and token counts, never its text (docs/decisions/009).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("ai_conversations").addColumn("input_tokens", "integer").execute();
  await db.schema.alterTable("ai_conversations").addColumn("output_tokens", "integer").execute();
  await db.schema.alterTable("ai_conversations").dropColumn("message").execute();
  await db.schema.alterTable("ai_conversations").dropColumn("response").execute();

  await db.schema
    .createTable("ai_breakdowns")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("goal_id", "text", (c) => c.references("goals.id").onDelete("set null"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("suggestions_shown", "integer", (c) => c.notNull())
    .addColumn("suggestions_created", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("input_tokens", "integer")
    .addColumn("output_tokens", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("ai_breakdowns_user_created_idx").on("ai_breakdowns").columns(["user_id", "created_at"]).execute();

  await db.schema.dropTable("ai_suggestion_events").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
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
  await db.schema.dropTable("ai_breakdowns").execute();
  // The texts are gone: exchanges kept since 0007 come back with empty ones.
  await db.schema
    .alterTable("ai_conversations")
    .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema
    .alterTable("ai_conversations")
    .addColumn("response", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.alterTable("ai_conversations").dropColumn("output_tokens").execute();
  await db.schema.alterTable("ai_conversations").dropColumn("input_tokens").execute();
}
