// Every write of a user's data goes through here (decision 041): raising the version first takes the user's
// row or write lock before any other row, so a user's concurrent writes queue in one order and cannot deadlock.
import { AsyncLocalStorage } from "node:async_hooks";
import { type Kysely, type Transaction, sql } from "kysely";
import type { ChangeKind } from "../../shared/api/live-events.ts";
import { AppError } from "../app-error.ts";
import { sendChangeNotices } from "./change-notices.ts";
import { compiledQuery } from "./compiled-query.ts";
import type { Database } from "./schema.ts";

/** Who sent the request that writes (X-Client-Id, X-Client-Seq), and the version its writes raised to. */
export interface WriteOrigin {
  clientId?: string;
  seq?: number;
  writtenVersion?: number;
}

export const writeOrigins = new AsyncLocalStorage<WriteOrigin>();

interface OpenWrite {
  userId: string;
  version: number;
  kinds: Set<ChangeKind>;
  committed: Array<(root: Kysely<Database>) => void>;
}

const openWrites = new WeakMap<Kysely<Database>, OpenWrite>();

const raiseQuery = compiledQuery((db, p: { userId: string }) =>
  db
    .updateTable("users")
    .set({ dataVersion: sql<number>`${sql.ref("dataVersion")} + 1` })
    .where("id", "=", p.userId)
    .returning("dataVersion"),
);

const raiseIfUnchangedQuery = compiledQuery((db, p: { userId: string; dataVersion: number }) =>
  db
    .updateTable("users")
    .set({ dataVersion: sql<number>`${sql.ref("dataVersion")} + 1` })
    .where("id", "=", p.userId)
    .where("dataVersion", "=", p.dataVersion)
    .returning("dataVersion"),
);

async function write<T>(
  kysely: Kysely<Database>,
  userId: string,
  kinds: readonly ChangeKind[],
  ifVersion: number | undefined,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ written: true; result: T } | { written: false }> {
  if (kysely.isTransaction) {
    const open = openWrites.get(kysely);
    if (open?.userId !== userId) throw new Error("a user's data is written only in a transaction writeUserData opened for them");
    if (ifVersion !== undefined && ifVersion !== open.version) return { written: false };
    for (const kind of kinds) open.kinds.add(kind);
    return { written: true, result: await work(kysely as Transaction<Database>) };
  }
  const origin = writeOrigins.getStore();
  let version = 0;
  const committed: OpenWrite["committed"] = [];
  const outcome = await kysely.transaction().execute(async (trx) => {
    const raised =
      ifVersion === undefined
        ? await raiseQuery.takeFirst(trx, { userId })
        : await raiseIfUnchangedQuery.takeFirst(trx, { userId, dataVersion: ifVersion });
    if (!raised) return { written: false } as const;
    version = Number(raised.dataVersion);
    const open: OpenWrite = { userId, version, kinds: new Set(kinds), committed };
    openWrites.set(trx, open);
    const result = await work(trx);
    await sendChangeNotices(trx, [{ userId, version, kinds: [...open.kinds], clientId: origin?.clientId, seq: origin?.seq }]);
    return { written: true, result } as const;
  });
  if (outcome.written && origin) origin.writtenVersion = Math.max(origin.writtenVersion ?? 0, version);
  if (outcome.written) for (const then of committed) then(kysely);
  return outcome;
}

/** Runs `then` with the database once the outermost writeUserData of `trx` has committed; never after a rollback. */
export function afterCommit(trx: Kysely<Database>, then: (root: Kysely<Database>) => void): void {
  const open = openWrites.get(trx);
  if (!open) throw new Error("afterCommit is for a transaction writeUserData opened");
  open.committed.push(then);
}

export async function writeUserData<T>(
  kysely: Kysely<Database>,
  userId: string,
  kinds: readonly ChangeKind[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const outcome = await write(kysely, userId, kinds, undefined, work);
  // The account was deleted meanwhile: the session the write came with is gone too.
  if (!outcome.written) throw new AppError("unauthorized", "Not signed in");
  return outcome.result;
}

/** writeUserData only while the user's data version is still `dataVersion` (an optimistic close, decision 029). */
export async function writeUserDataIfUnchanged<T>(
  kysely: Kysely<Database>,
  userId: string,
  dataVersion: number,
  kinds: readonly ChangeKind[],
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<{ written: true; result: T } | { written: false }> {
  return write(kysely, userId, kinds, dataVersion, work);
}
