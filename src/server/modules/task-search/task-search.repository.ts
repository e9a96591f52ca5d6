// Task search on the word index: each query word matches the start of a title's word (decision 027).
import { type Compilable, type ExpressionBuilder, type Kysely, type RawBuilder, sql } from "kysely";
import type { Task } from "../../../shared/api/tasks.ts";
import { prefixUpperBound } from "../../../shared/rules/task-search.ts";
import { compiledQuery, type PreparedQuery } from "../../db/compiled-query.ts";
import type { Database } from "../../db/schema.ts";
import { selectTasksOf, startTimeNoneLast, taskColumns } from "../tasks/task-columns.ts";

function orderWithinDayForSearch<Q extends { orderBy(expression: RawBuilder<unknown>): Q }>(query: Q): Q {
  return query
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 when ${sql.ref("tasks.scheduledStartTime")} is null then 1 else 0 end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then null else ${sql.ref("tasks.scheduledStartTime")} end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then 0 else ${sql.ref("tasks.position")} end`)
    .orderBy(sql`case when ${sql.ref("tasks.date")} is null then ${sql.ref("tasks.createdAt")} end desc`)
    .orderBy(sql`${sql.ref("tasks.createdAt")}`);
}

const SEARCH_NARROW_MATCHES = 300;

// Compiled once per shape and prepared on PostgreSQL, where planning them costs more than running them.
type SearchParams = Record<string, string | number>;
type SearchShape = "count" | "narrow" | "dated" | "unscheduled";

function wordsStartingWith(db: Kysely<Database>, p: SearchParams, index: number) {
  return db
    .selectFrom("taskWords")
    .select("taskWords.taskKey")
    .where("taskWords.userId", "=", p.userId as string)
    .where("taskWords.word", ">=", p[`w${index}`] as string)
    .where("taskWords.word", "<", p[`u${index}`] as string);
}

function hasWord(p: SearchParams, index: number) {
  return ({ exists, selectFrom }: ExpressionBuilder<Database, "tasks">) =>
    exists(
      selectFrom("taskWords as own")
        .select("own.taskKey")
        .whereRef("own.taskKey", "=", "tasks.searchKey")
        .where("own.word", ">=", p[`w${index}`] as string)
        .where("own.word", "<", p[`u${index}`] as string),
    );
}

function buildSearch(shape: SearchShape, wordCount: number) {
  const wordIndexes = Array.from({ length: wordCount }, (_, index) => index);
  return (db: Kysely<Database>, p: SearchParams) => {
    switch (shape) {
      case "count":
        return db.selectNoFrom((eb) =>
          wordIndexes.map((index) =>
            eb
              .selectFrom(
                wordsStartingWith(db, p, index)
                  .limit(SEARCH_NARROW_MATCHES + 1)
                  .as("matches"),
              )
              .select((inner) => inner.fn.countAll<number | string>().as("n"))
              .$asScalar()
              .as(`c${index}`),
          ),
        );
      case "narrow": {
        // A cross join keeps word 0's matches as SQLite's outer loop instead of a walk of all tasks by date; distinct,
        // as two words of a title may share a prefix. Only the first `limit` sorted keys are read as whole rows.
        let first = db
          .selectFrom(wordsStartingWith(db, p, 0).distinct().as("matches"))
          .crossJoin("tasks")
          .select("tasks.searchKey as foundKey")
          .whereRef("tasks.searchKey", "=", "matches.taskKey")
          .where("tasks.userId", "=", p.userId as string);
        for (const index of wordIndexes.slice(1)) first = first.where(hasWord(p, index));
        first = orderWithinDayForSearch(first.orderBy("tasks.date", (order) => order.desc().nullsLast()))
          .orderBy("tasks.id")
          .limit(p.limit as number);
        return orderWithinDayForSearch(
          db
            .selectFrom(first.as("found"))
            .crossJoin("tasks")
            .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
            .leftJoin("taskSeries", "taskSeries.id", "tasks.seriesId")
            .select([...taskColumns, "goals.title as goalTitle", "taskSeries.recurrence as recurrence"])
            .whereRef("tasks.searchKey", "=", "found.foundKey")
            .where("tasks.userId", "=", p.userId as string)
            .orderBy("tasks.date", (order) => order.desc().nullsLast()),
        ).orderBy("tasks.id");
      }
      case "dated": {
        let query = selectTasksOf(db, p.userId as string).where("tasks.date", "is not", null);
        for (const index of wordIndexes) query = query.where(hasWord(p, index));
        return query
          .orderBy("tasks.date", "desc")
          .orderBy(startTimeNoneLast)
          .orderBy("tasks.scheduledStartTime")
          .orderBy("tasks.position")
          .orderBy("tasks.createdAt")
          .orderBy("tasks.id")
          .limit(p.limit as number);
      }
      case "unscheduled": {
        let query = selectTasksOf(db, p.userId as string).where("tasks.date", "is", null);
        for (const index of wordIndexes) query = query.where(hasWord(p, index));
        return query
          .orderBy("tasks.createdAt", "desc")
          .orderBy("tasks.id")
          .limit(p.limit as number);
      }
    }
  };
}

const searchQueries = new Map<string, PreparedQuery<SearchParams, Record<string, unknown>>>();

function searchQuery(shape: SearchShape, wordCount: number): PreparedQuery<SearchParams, Record<string, unknown>> {
  const key = `${shape}:${wordCount}`;
  let query = searchQueries.get(key);
  if (!query) {
    query = compiledQuery(buildSearch(shape, wordCount) as (db: Kysely<Database>, p: SearchParams) => Compilable<Record<string, unknown>>);
    searchQueries.set(key, query);
  }
  return query;
}

function searchParams(userId: string, words: readonly string[], limit: number): SearchParams {
  const params: SearchParams = { userId, limit };
  words.forEach((word, index) => {
    params[`w${index}`] = word;
    params[`u${index}`] = prefixUpperBound(word);
  });
  return params;
}

export function taskSearchRepository(db: Kysely<Database>) {
  return {
    // Each word's matches are counted first: when one matches at most SEARCH_NARROW_MATCHES, its tasks are read
    // and the other words checked on each; otherwise dated tasks are walked newest first, then unscheduled ones.
    async searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      if (words.length === 0) return [];
      const countRow = (await searchQuery("count", words.length).takeFirst(db, searchParams(userId, words, limit)))!;
      const counts = words.map((word, index) => ({ word, count: Number(countRow[`c${index}`]) }));
      const narrowest = counts.reduce((best, next) => (next.count < best.count ? next : best));
      if (narrowest.count === 0) return [];
      if (narrowest.count <= SEARCH_NARROW_MATCHES) {
        const ordered = [narrowest.word, ...words.filter((word) => word !== narrowest.word)];
        return (await searchQuery("narrow", ordered.length).rows(db, searchParams(userId, ordered, limit))) as unknown as Task[];
      }
      const found = (await searchQuery("dated", words.length).rows(db, searchParams(userId, words, limit))) as unknown as Task[];
      if (found.length === limit) return found;
      const unscheduled = await searchQuery("unscheduled", words.length).rows(db, searchParams(userId, words, limit - found.length));
      return [...found, ...(unscheduled as unknown as Task[])];
    },
  };
}
