// A task's place in its board column, set by dragging (decision 024). A double, the one column type
// beyond decision 002's text and integer: a drop takes the midpoint of its neighbours' positions.
// Existing tasks are numbered 1, 2, ... in creation order within each (user, day), so every column
// keeps the order it had; a row written around the repository gets 0, and creation order decides.
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tasks")
    .addColumn("position", "double precision", (c) => c.notNull().defaultTo(0))
    .execute();
  // UPDATE ... FROM and window functions: PostgreSQL, and SQLite since 3.33 (better-sqlite3 12 bundles 3.49).
  await sql`
    update tasks set position = numbered.place
    from (
      select id, row_number() over (partition by user_id, date order by created_at, id) as place from tasks
    ) as numbered
    where tasks.id = numbered.id
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("tasks").dropColumn("position").execute();
}
