// The word index (task_words) written in the caller's transaction, beside the task write it follows.
import type { Kysely } from "kysely";
import { searchWords } from "../../../shared/rules/task-search.ts";
import type { ChecklistItem } from "../../../shared/api/tasks.ts";
import { parseChecklist } from "../../db/checklist-column.ts";
import type { Database } from "../../db/schema.ts";

// Under both databases' limits on bound parameters (an import writes thousands).
const MAX_WORD_ROWS_PER_STATEMENT = 2000;

export type TaskKey = number | string;

// A task is found by its title's words and its checklist's (issue 53), the title's first.
const MAX_CHECKLIST_WORDS = 200;

export interface WordedTask {
  key: TaskKey;
  title: string;
  checklist?: string | readonly Pick<ChecklistItem, "title">[];
}

function wordsOf({ title, checklist = [] }: WordedTask): string[] {
  const items = typeof checklist === "string" ? parseChecklist(checklist) : checklist;
  if (items.length === 0) return searchWords(title);
  const itemWords = searchWords(items.map((item) => item.title).join(" "), MAX_CHECKLIST_WORDS);
  return [...new Set([...searchWords(title), ...itemWords])];
}

export async function writeTaskWords(db: Kysely<Database>, userId: string, tasks: readonly WordedTask[]): Promise<void> {
  const rows = tasks.flatMap((task) => wordsOf(task).map((word) => ({ userId, word, taskKey: task.key })));
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
