// A task's checklist (issue 53) as one JSON list on its row: a day's read brings its items along, and a rollover
// or an export moves them with the task. A series keeps the list its new occurrences start from.
import type { Kysely } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tasks")
    .addColumn("checklist", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
  await db.schema
    .alterTable("task_series")
    .addColumn("checklist_template", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("task_series").dropColumn("checklist_template").execute();
  await db.schema.alterTable("tasks").dropColumn("checklist").execute();
}
