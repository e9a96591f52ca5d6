import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, type Db } from "./database.ts";

describe("SQLite's one connection, handed over in turn", () => {
  let db: Db;
  beforeAll(() => {
    db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
  });
  afterAll(() => db.close());

  it("serves queued queries in arrival order, and lets the event loop turn while a backlog drains", async () => {
    const finished: number[] = [];
    let finishedWhenTheLoopTurned = -1;
    setImmediate(() => (finishedWhenTheLoopTurned = finished.length));
    await Promise.all(
      Array.from({ length: 300 }, async (_, i) => {
        await sql`select ${i} as i`.execute(db.kysely);
        finished.push(i);
      }),
    );
    expect(finished).toEqual([...finished].sort((a, b) => a - b));
    // Kysely's own mutex drained all 300 in microtasks, with the loop stopped.
    expect(finishedWhenTheLoopTurned).toBeGreaterThan(0);
    expect(finishedWhenTheLoopTurned).toBeLessThan(300);
  });

  it("keeps a transaction's connection to itself", async () => {
    await sql`create table if not exists fair (n integer)`.execute(db.kysely);
    let outside: Promise<unknown> | undefined;
    await db.kysely.transaction().execute(async (trx) => {
      // Asked for while the transaction holds the connection: it waits for the commit.
      outside = sql`insert into fair (n) values (2)`.execute(db.kysely);
      await sql`insert into fair (n) values (1)`.execute(trx);
      await new Promise((resolve) => setImmediate(resolve));
      const { rows } = await sql<{ n: number }>`select n from fair order by rowid`.execute(trx);
      expect(rows.map((row) => row.n)).toEqual([1]);
    });
    await outside;
    const { rows } = await sql<{ n: number }>`select n from fair order by rowid`.execute(db.kysely);
    expect(rows.map((row) => row.n)).toEqual([1, 2]);
  });
});
