// A double, beyond decision 002's text and integer: a drop takes the midpoint of its neighbours (decision 024).
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("tasks")
    .addColumn("position", "double precision", (c) => c.notNull().defaultTo(0))
    .execute();
  // UPDATE ... FROM and window functions need SQLite 3.33 or later.
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
