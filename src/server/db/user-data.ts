// A user's planner data (tasks, goals) is written only through writeUserData: one transaction that
// first raises the user's data version (migration 0004), then does the work. The version is what
// the user-data cache (plugins/user-data-cache.ts) checks, so a write that bypassed this would
// leave cached answers stale. Raising it first also takes the user's row lock (PostgreSQL) or the
// write lock (SQLite) before any task or goal row, so a user's concurrent writes queue up in one
// order and cannot deadlock each other. The one other writer, closing a day (rollover.repository.ts
// storeClose, decision 029), keeps the same rule in its own transaction: it raises the version
// first, and only if it still is the one its read saw, before any task row.
// Two writes that change no task or goal raise it too, because kept answers show what they change
// (decision 010): marking a day's insights viewed (through writeUserData) and a new time zone
// (user.repository.ts, in the same UPDATE).
import { type Kysely, type Transaction, sql } from "kysely";
import { compiledQuery } from "./compiled-query.ts";
import type { Database } from "./schema.ts";

const raiseDataVersionQuery = compiledQuery((db, p: { userId: string }) =>
  db
    .updateTable("users")
    .set({ dataVersion: sql<number>`${sql.ref("dataVersion")} + 1` })
    .where("id", "=", p.userId),
);

export async function writeUserData<T>(
  kysely: Kysely<Database>,
  userId: string,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  // Inside a caller's transaction (an assistant's proposal applied in one step), the work joins it.
  if (kysely.isTransaction) {
    await raiseDataVersionQuery.execute(kysely, { userId });
    return work(kysely as Transaction<Database>);
  }
  return kysely.transaction().execute(async (trx) => {
    await raiseDataVersionQuery.execute(trx, { userId });
    return work(trx);
  });
}
