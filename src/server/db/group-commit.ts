// Group commit for SQLite (docs/decisions/005): writes asked for during one turn of the event loop
// (the requests read from the sockets in one poll phase) run in one transaction, committed once at
// the end of the turn, instead of one commit each. A commit is most of a small write's cost (the
// WAL frame write and the WAL index update); better-sqlite3 runs everything on the event loop, so
// under load fewer commits means more requests per second, and the answers of a turn leave together.
// Each write's promise settles only after its transaction has committed: nothing is acknowledged
// that the database does not hold. PostgreSQL commits in parallel on its pool: writes run at once.
import type { Kysely } from "kysely";
import type { Dialect } from "./database.ts";
import type { Database } from "./schema.ts";

/** Runs `work` in a transaction shared with the other work asked for in the same turn, and settles after the commit. */
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
        // One failing write does not take the others with it: SQLite undoes a failed statement
        // only, and the work's own error goes to its own caller.
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
      // The transaction did not commit: none of its writes happened.
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
