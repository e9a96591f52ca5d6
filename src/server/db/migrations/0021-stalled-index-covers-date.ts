// Date and id in the status index: the stalled tasks off a day are picked and counted from it alone.
import { type ExpressionBuilder, type Kysely, sql } from "kysely";

type Tasks = { tasks: { status: string } };

const partial = (eb: ExpressionBuilder<Tasks, "tasks">) =>
  eb.or([eb("status", "=", sql.lit("inprogress")), eb("status", "=", sql.lit("stalled"))]);

export async function up(db: Kysely<Tasks>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_idx").execute();
  await db.schema.createIndex("tasks_user_status_idx").on("tasks").columns(["user_id", "status", "date", "id"]).where(partial).execute();
}

export async function down(db: Kysely<Tasks>): Promise<void> {
  await db.schema.dropIndex("tasks_user_status_idx").execute();
  await db.schema.createIndex("tasks_user_status_idx").on("tasks").columns(["user_id", "status"]).where(partial).execute();
}
