// Only in-progress tasks, by their session's start; the queries name the status as a literal so both databases use it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("tasks_in_progress_session_idx")
    .on("tasks")
    .column("current_session_started_at")
    .where(sql.ref("status"), "=", sql.lit("inprogress"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_in_progress_session_idx").execute();
}
