// Task search from memory (issue 17, decision 014). The command palette searches as a person types:
// every key is another query, and each read the database twice (counting, then finding), about
// 0.45 ms of CPU a search, three times what the budget allows at 50 connections. So a user's first
// search at a data version answers from the database as before and starts building that user's
// index: every task's id, title words and place in the search's order. Later searches at the same
// version are found in the index; a found task's answer is read from the database the first time
// it is found (one query for all of a search's new ones) and then kept with the index, so repeated
// searches make no query beyond the session's. Any write of the user's tasks or goals raises the
// version (db/user-data.ts), so an index is used only while it is exact; the next search after a
// write builds the next one.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { LRUCache } from "lru-cache";
import { type Task, taskSchema } from "../../../shared/api/tasks.ts";
import { searchWords } from "../../../shared/rules/task-search.ts";
import { contractSerializerCompiler } from "../../plugins/contract-serializer.ts";
import { type SearchEntry, tasksRepository } from "./tasks.repository.ts";

/** Characters of indexes kept in all, estimated (about 7 MB for a user with 10,000 tasks). */
const MAX_INDEX_CHARS = 64 * 1024 * 1024;
/** What a task may come to cost beyond its title: its answer's other fields, its words, its place. */
const TASK_OVERHEAD_CHARS = 700;
/**
 * A user with more tasks than this has no index: reading and cutting theirs would hold the event
 * loop too long (SQLite reads the entries in one synchronous statement, about 1.5 ms per 1,000),
 * and the index would take several MB; their searches read the database, as every first search does.
 */
export const MAX_INDEXED_TASKS = 50_000;
/** Titles cut into words between two turns of the event loop while an index is built (~2 ms). */
const WORDS_PER_TURN = 1_000;

const serializeTask = contractSerializerCompiler({ schema: taskSchema });
const NO_PLACES: readonly number[] = [];

/** A word's buckets: its first character, and its first two. */
function bucketKeys(word: string): string[] {
  return word.length > 1 ? [word.slice(0, 1), word.slice(0, 2)] : [word];
}

/** A query word's bucket: its first two characters (or its one). */
function bucketOf(queryWord: string): string {
  return queryWord.slice(0, 2);
}

/** One user's tasks at one data version, in the search's order, found by the start of their title's words. */
export class TaskSearchIndex {
  /** A found task's answer, serialized, once read. */
  private readonly json: (string | undefined)[];
  readonly chars: number;

  private constructor(
    private readonly entries: readonly SearchEntry[],
    private readonly words: readonly string[][],
    /** By a word's first one or two characters, the places of the tasks with such a word, ascending. */
    private readonly buckets: ReadonlyMap<string, readonly number[]>,
  ) {
    this.json = new Array<string | undefined>(entries.length);
    this.chars = entries.reduce((sum, entry) => sum + entry.title.length + TASK_OVERHEAD_CHARS, 0);
  }

  /** Cuts the titles into words a thousand at a time, giving the event loop a turn in between. */
  static async build(entries: readonly SearchEntry[]): Promise<TaskSearchIndex> {
    const words: string[][] = [];
    const buckets = new Map<string, number[]>();
    for (let place = 0; place < entries.length; place++) {
      if (place > 0 && place % WORDS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
      const titleWords = searchWords(entries[place]!.title);
      words.push(titleWords);
      for (const word of titleWords) {
        for (const key of bucketKeys(word)) {
          let bucket = buckets.get(key);
          if (!bucket) buckets.set(key, (bucket = []));
          // Places arrive in ascending order; a task is listed once per key.
          if (bucket[bucket.length - 1] !== place) bucket.push(place);
        }
      }
    }
    return new TaskSearchIndex(entries, words, buckets);
  }

  /**
   * The places of the first `limit` tasks in the search's order with, for every query word, a title
   * word that starts with it (what tasksRepository.searchTasks reads).
   */
  find(queryWords: readonly string[], limit: number): number[] {
    if (queryWords.length === 0) return [];
    // The query word with the fewest candidates gives them; every word is checked per candidate.
    let candidates: readonly number[] | undefined;
    for (const word of queryWords) {
      const bucket = this.buckets.get(bucketOf(word)) ?? NO_PLACES;
      if (!candidates || bucket.length < candidates.length) candidates = bucket;
    }
    const found: number[] = [];
    for (const place of candidates!) {
      const words = this.words[place]!;
      if (!queryWords.every((query) => words.some((word) => word.startsWith(query)))) continue;
      found.push(place);
      if (found.length === limit) break;
    }
    return found;
  }

  entry(place: number): SearchEntry {
    return this.entries[place]!;
  }

  /** The answer of the task at `place`, if it was read. */
  answerOf(place: number): string | undefined {
    return this.json[place];
  }

  /**
   * Keeps a task's answer read after the index was built, if it is the same task as the index's:
   * same title, day and creation. Returns whether it is.
   */
  keepAnswer(place: number, task: Task): boolean {
    const entry = this.entries[place]!;
    if (task.id !== entry.id || task.title !== entry.title || task.date !== entry.date || task.createdAt !== entry.createdAt) return false;
    this.json[place] = serializeTask(task);
    return true;
  }
}

export interface TaskSearchIndexes {
  /**
   * The search's JSON answer from the user's index at `version`, or undefined when there is none
   * yet (one is then built, unless it is already being built) or the tasks changed since it was
   * built: the caller then reads the database.
   */
  answer(userId: string, version: number, queryWords: readonly string[], limit: number): Promise<string | undefined>;
  /** Settles once no index is being built (for tests). */
  settled(): Promise<void>;
}

declare module "fastify" {
  interface FastifyInstance {
    taskSearchIndexes: TaskSearchIndexes;
  }
}

interface IndexSource {
  /** The first `limit` tasks' ids, titles and sort columns, in the search's order. */
  listSearchEntries(userId: string, limit: number): Promise<SearchEntry[]>;
  /** The user's tasks of these ids, whole. */
  listTasksByIds(userId: string, ids: readonly string[]): Promise<Task[]>;
}

export function taskSearchIndexes(
  source: IndexSource,
  onError: (error: unknown) => void,
  { maxTasks = MAX_INDEXED_TASKS }: { maxTasks?: number } = {},
): TaskSearchIndexes {
  // A null index: the user has more than maxTasks tasks at that version (not built again until it moves).
  const kept = new LRUCache<string, { version: number; index: TaskSearchIndex | null }>({
    maxSize: MAX_INDEX_CHARS,
    sizeCalculation: (entry) => Math.max(1, entry.index?.chars ?? 0),
  });
  const building = new Map<string, Promise<void>>();

  function build(userId: string, version: number) {
    const done = source
      .listSearchEntries(userId, maxTasks + 1)
      .then((entries) => (entries.length > maxTasks ? null : TaskSearchIndex.build(entries)))
      .then((index) => {
        // Versions only rise: an index of an older version does not replace a newer one.
        const current = kept.peek(userId);
        if (!current || current.version < version) kept.set(userId, { version, index });
      })
      .catch(onError)
      .finally(() => building.delete(userId));
    building.set(userId, done);
  }

  return {
    async answer(userId, version, queryWords, limit) {
      const entry = kept.get(userId);
      if (entry?.version !== version) {
        // The tasks are read after the session that gave `version`, so they are at least that new.
        if ((!entry || entry.version < version) && !building.has(userId)) build(userId, version);
        return undefined;
      }
      const { index } = entry;
      if (!index) return undefined;
      const places = index.find(queryWords, limit);
      const unread = places.filter((place) => index.answerOf(place) === undefined);
      if (unread.length > 0) {
        const tasks = await source.listTasksByIds(
          userId,
          unread.map((place) => index.entry(place).id),
        );
        const byId = new Map(tasks.map((task) => [task.id, task]));
        for (const place of unread) {
          const task = byId.get(index.entry(place).id);
          // Changed or gone since the index was read (a write the version has since recorded).
          if (!task || !index.keepAnswer(place, task)) return undefined;
        }
      }
      return `[${places.map((place) => index.answerOf(place)).join(",")}]`;
    },
    async settled() {
      while (building.size > 0) await Promise.all(building.values());
    },
  };
}

/** `app.taskSearchIndexes`, over the app's database. */
export const taskSearchIndexPlugin = fp(async function taskSearchIndex(app: FastifyInstance) {
  app.decorate(
    "taskSearchIndexes",
    taskSearchIndexes(tasksRepository(app.db.kysely, app.db.dialect), (error) =>
      app.log.warn({ err: error }, "building a task search index failed; searches read the database"),
    ),
  );
});
