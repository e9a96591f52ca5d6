// The word index (task_words) written in the caller's transaction, beside the task write it follows.
import type { Kysely } from "kysely";
import { searchWords } from "../../../shared/rules/task-search.ts";
import type { Database } from "../../db/schema.ts";

// Under both databases' limits on bound parameters (an import writes thousands).
const MAX_WORD_ROWS_PER_STATEMENT = 2000;

export type TaskKey = number | string;

export async function writeTaskWords(
  db: Kysely<Database>,
  userId: string,
  tasks: readonly { key: TaskKey; title: string }[],
): Promise<void> {
  const rows = tasks.flatMap((task) => searchWords(task.title).map((word) => ({ userId, word, taskKey: task.key })));
  for (let start = 0; start < rows.length; start += MAX_WORD_ROWS_PER_STATEMENT) {
    await db
      .insertInto("taskWords")
      .values(rows.slice(start, start + MAX_WORD_ROWS_PER_STATEMENT))
      .execute();
  }
}

export async function deleteTaskWords(db: Kysely<Database>, keys: readonly TaskKey[]): Promise<void> {
  if (keys.length > 0) await db.deleteFrom("taskWords").where("taskKey", "in", keys).execute();
}
