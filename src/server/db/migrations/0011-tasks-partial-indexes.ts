// Partial indexes, so that a day's close writes fewer index entries (docs/decisions/015). Queries name the
// statuses as literals: both databases use a partial index only when the query's conditions imply it.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_idx").execute();
  await db.schema
    .createIndex("tasks_user_status_idx")
    .on("tasks")
    .columns(["user_id", "status"])
    // An OR of equalities, not IN: SQLite does not look into an IN list to prove the implication.
    .where((eb) => eb.or([eb("status", "=", sql.lit("inprogress")), eb("status", "=", sql.lit("stalled"))]))
    .execute();
  await db.schema.dropIndex("tasks_user_goal_status_idx").execute();
  await db.schema
    .createIndex("tasks_user_goal_status_idx")
    .on("tasks")
    .columns(["user_id", "goal_id", "status"])
    .where(sql.ref("goal_id"), "is not", null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_idx").execute();
  await db.schema.createIndex("tasks_user_status_idx").on("tasks").columns(["user_id", "status"]).execute();
  await db.schema.dropIndex("tasks_user_goal_status_idx").execute();
  await db.schema.createIndex("tasks_user_goal_status_idx").on("tasks").columns(["user_id", "goal_id", "status"]).execute();
}
