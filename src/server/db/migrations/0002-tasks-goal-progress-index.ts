// With status in the index, both databases answer goal progress from the index alone.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_user_goal_status_idx").on("tasks").columns(["user_id", "goal_id", "status"]).execute();
  await db.schema.dropIndex("tasks_user_goal_idx").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("tasks_user_goal_idx").on("tasks").columns(["user_id", "goal_id"]).execute();
  await db.schema.dropIndex("tasks_user_goal_status_idx").execute();
}
