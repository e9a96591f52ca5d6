// Every write that changes a task's goal or whether it is done adjusts these counts in the same transaction.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("goals")
    .addColumn("total_tasks_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("goals")
    .addColumn("completed_tasks_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`
    update goals set
      total_tasks_count = (
        select count(*) from tasks where tasks.goal_id = goals.id and tasks.user_id = goals.user_id
      ),
      completed_tasks_count = (
        select count(*) from tasks
        where tasks.goal_id = goals.id and tasks.user_id = goals.user_id and tasks.status = 'done'
      )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("goals").dropColumn("completed_tasks_count").execute();
  await db.schema.alterTable("goals").dropColumn("total_tasks_count").execute();
}
