// On PostgreSQL the word column compares in the "C" collation (code-point order, like SQLite's BINARY), so the
// range [prefix, next prefix) is exactly "starts with".
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { searchWords } from "../../../shared/rules/task-search.ts";

const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("task_words")
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("word", isPostgres ? sql`text collate "C"` : "text", (c) => c.notNull())
    .addColumn("task_id", "text", (c) => c.notNull().references("tasks.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("task_words_pk", ["user_id", "word", "task_id"])
    .execute();
  await db.schema.createIndex("task_words_task_idx").on("task_words").column("task_id").execute();

  let after = "";
  for (;;) {
    // Aliases without underscores: the app's CamelCasePlugin would rename user_id in the rows.
    const page = await sql<{ id: string; owner: string; title: string }>`
      select id, user_id as owner, title from tasks where id > ${after} order by id limit ${BATCH}
    `.execute(db);
    if (page.rows.length === 0) break;
    const rows = page.rows.flatMap((task) => searchWords(task.title).map((word) => ({ user_id: task.owner, word, task_id: task.id })));
    for (let start = 0; start < rows.length; start += BATCH) {
      await db
        .insertInto("task_words" as never)
        .values(rows.slice(start, start + BATCH) as never)
        .execute();
    }
    after = page.rows.at(-1)!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("task_words").execute();
}
