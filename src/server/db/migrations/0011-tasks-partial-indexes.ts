// Two of the tasks' five indexes hold only the rows their queries look for (issue 12's close of a
// day, docs/decisions/015-rollover-close-round-trips.md "Fewer index entries"):
// - (user_id, status) serves only the in-progress tasks (the stalled rule) and the stalled ones
//   (the stalled list): todo and done tasks, nearly all of a user's, are left out;
// - (user_id, goal_id, status) serves only queries for one goal (its tasks for the goal breakdown,
//   unlinking a deleted goal's tasks): tasks without a goal are left out.
// A close moves a day's tasks to another date, so PostgreSQL cannot update them in place (HOT): it
// writes an entry in every index of the table for each moved task, whether its key changed or not.
// A todo task without a goal now has entries in three indexes instead of five. Both databases use a
// partial index only for a query whose conditions imply the index's: the queries name the statuses
// as literals, not parameters (tasks.repository.ts), and `goal_id = ?` implies `goal_id is not null`
// on both.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_idx").execute();
  await db.schema
    .createIndex("tasks_user_status_idx")
    .on("tasks")
    .columns(["user_id", "status"])
    // An OR of equalities, not IN: SQLite proves a query's `status = 'stalled'` implies an OR of
    // terms, one of them the same, but does not look into an IN list.
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
