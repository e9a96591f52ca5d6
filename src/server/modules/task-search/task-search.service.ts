import type { Kysely } from "kysely";
import type { Task } from "../../../shared/api/tasks.ts";
import type { Database } from "../../db/schema.ts";
import { taskSearchRepository } from "./task-search.repository.ts";

export function taskSearchService({ kysely }: { kysely: Kysely<Database> }) {
  const repository = taskSearchRepository(kysely);
  return {
    searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      return repository.searchTasks(userId, words, limit);
    },
  };
}
