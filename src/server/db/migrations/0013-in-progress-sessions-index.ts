// The scheduler applies the stalled rule to every user's in-progress tasks (product-decisions.md
// "Task lifecycle"; jobs/stalled-sessions.job.ts): it reads those whose session started long enough
// ago, each tick. This index holds only in-progress tasks, by their session's start, so a tick reads
// those and nothing else; the queries name the status as a literal, so both databases use it
// (migration 0011 says why).
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
