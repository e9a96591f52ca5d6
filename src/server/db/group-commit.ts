// SQLite writes asked for in one event-loop turn share one transaction, committed once (docs/decisions/005);
// each write's promise settles only after the commit.
import type { Kysely } from "kysely";
import type { Dialect } from "./database.ts";
import type { Database } from "./schema.ts";

export type GroupCommit = <T>(work: (trx: Kysely<Database>) => Promise<T>) => Promise<T>;

interface Pending {
  work: (trx: Kysely<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

export function groupCommit(kysely: Kysely<Database>, dialect: Dialect): GroupCommit {
  if (dialect !== "sqlite") return (work) => work(kysely);

  let queue: Pending[] = [];

  async function flush(): Promise<void> {
    const batch = queue;
    queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = await kysely.transaction().execute(async (trx) => {
        const done: Outcome[] = [];
        // SQLite undoes a failed statement only, so one failing write does not take the others with it.
        for (const { work } of batch) {
          try {
            done.push({ ok: true, value: await work(trx) });
          } catch (error) {
            done.push({ ok: false, error });
          }
        }
        return done;
      });
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index]!;
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.error);
    });
  }

  return <T>(work: (trx: Kysely<Database>) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      // After the poll phase: every request read in this turn has queued its write by then.
      if (queue.length === 1) setImmediate(() => void flush());
    });
}
