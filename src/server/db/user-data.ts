// Tasks and goals are written only through writeUserData: one transaction that first raises the user's
// data version, which kept answers check (decision 028) and whose notice reaches the live streams at
// commit (decision 038). Raising it first takes the user's row or write lock before any task row, so a
// user's concurrent writes queue in one order and cannot deadlock; closing a day keeps the same rule (029).
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

// Each user's last committed raise, for the writing request's X-Data-Version (live plugin).
const writtenVersions = new LRUCache<string, number>({ max: 10_000 });

export function noteWrittenVersion(userId: string, version: number): void {
  if (!Number.isSafeInteger(version) || version <= (writtenVersions.get(userId) ?? 0)) return;
  writtenVersions.set(userId, version);
}

export function writtenVersion(userId: string): number | undefined {
  return writtenVersions.get(userId);
}
