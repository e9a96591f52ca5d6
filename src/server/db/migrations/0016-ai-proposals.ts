// The assistant's proposals (decision 033): what a write tool asked for, kept until the user applies,
// dismisses or lets it expire, with what undo restores. Text and integer columns only (decision 002).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ai_proposals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("tool", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("warning", "text")
    .addColumn("changes", "text", (c) => c.notNull())
    .addColumn("change_count", "integer", (c) => c.notNull())
    .addColumn("applied_change_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("undo_snapshot", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("applied_at", "text")
    .addColumn("undo_until", "text")
    .addColumn("closed_at", "text")
    .execute();
  await db.schema.createIndex("ai_proposals_user_created_idx").on("ai_proposals").columns(["user_id", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("ai_proposals").execute();
}
