// Tokens issued before this migration carry no session id and are refused: those browsers sign in again
// (docs/decisions/003).
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("refresh_tokens").execute();
  for (const column of ["refresh_hashes", "retired_refresh_hashes"]) {
    await db.schema
      .alterTable("sessions")
      .addColumn(column, "text", (c) => c.notNull().defaultTo(""))
      .execute();
  }
  await db.schema.alterTable("sessions").addColumn("refresh_rotated_at", "text").execute();
  await db.schema.alterTable("sessions").addColumn("refresh_expires_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["refresh_expires_at", "refresh_rotated_at", "retired_refresh_hashes", "refresh_hashes"]) {
    await db.schema.alterTable("sessions").dropColumn(column).execute();
  }
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
}
