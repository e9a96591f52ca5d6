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
// (user.repository.ts, in the same UPDATE). Each raise also sends a change notice with what changed
// (change-notices.ts), which the live streams pass on once the write commits (decision 038).
import { type Kysely, type Transaction, sql } from "kysely";
import { LRUCache } from "lru-cache";
import type { ChangeKind } from "../../shared/api/live-events.ts";
import { noticePrefix, notifyColumn } from "./change-notices.ts";
import { compiledQuery } from "./compiled-query.ts";
import type { Database } from "./schema.ts";

const raiseDataVersionQuery = compiledQuery((db, p: { userId: string; notice: string }) =>
  db
    .updateTable("users")
    .set({ dataVersion: sql<number>`${sql.ref("dataVersion")} + 1` })
    .where("id", "=", p.userId)
    .returning(["dataVersion", notifyColumn(p.notice)]),
);

export async function writeUserData<T>(
  kysely: Kysely<Database>,
  userId: string,
  kinds: readonly ChangeKind[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const raise = async (db: Kysely<Database>) =>
    Number((await raiseDataVersionQuery.takeFirst(db, { userId, notice: noticePrefix(userId, kinds) }))?.dataVersion);
  // Inside a caller's transaction (an assistant's proposal applied in one step), the work joins it.
  if (kysely.isTransaction) {
    await raise(kysely);
    return work(kysely as Transaction<Database>);
  }
  let version = 0;
  const result = await kysely.transaction().execute(async (trx) => {
    version = await raise(trx);
    return work(trx);
  });
  noteWrittenVersion(userId, version);
  return result;
}

// The version each user's last committed write raised to, for the answer's X-Data-Version (live
// plugin): per process, read when the writing request answers. Bounded: the oldest users go first.
const writtenVersions = new LRUCache<string, number>({ max: 10_000 });

export function noteWrittenVersion(userId: string, version: number): void {
  if (!Number.isSafeInteger(version) || version <= (writtenVersions.get(userId) ?? 0)) return;
  writtenVersions.set(userId, version);
}

export function writtenVersion(userId: string): number | undefined {
  return writtenVersions.get(userId);
}
