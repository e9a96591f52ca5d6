import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { BACKSTOP_AUTOCHECKPOINT_PAGES } from "./sqlite-checkpointer.ts";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "./database.ts";

describe("SQLite WAL checkpoints in a worker thread", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("copies committed pages into the database file without the app's connection doing it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-checkpoint-"));
    dirs.push(dir);
    const file = path.join(dir, "daywise.sqlite");
    const errors: Error[] = [];
    const db = createDb({ kind: "sqlite", file }, { onBackgroundError: (error) => errors.push(error) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    // About 2 MB, far below the app connection's own automatic checkpoint (10,000 pages).
    for (let i = 0; i < 50; i++) {
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 40)
        insert into notes (body) select ${"x".repeat(1000)} from n
      `.execute(db.kysely);
    }
    const sizeBefore = statSync(file).size;
    await new Promise((resolve) => setTimeout(resolve, 600));
    // The worker's checkpoints moved the pages from the WAL into the file itself.
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000);
    const rows = await sql<{ count: number }>`select count(*) as count from notes`.execute(db.kysely);
    expect(Number(rows.rows[0]?.count)).toBe(50 * 40);

    await db.close();
    // The app's connection closed last, so it checkpointed and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(errors).toEqual([]);
  });
  it("starts the WAL over under steady writes, long before the app's own backstop checkpoint", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-checkpoint-"));
    dirs.push(dir);
    const file = path.join(dir, "daywise.sqlite");
    const errors: Error[] = [];
    const db = createDb({ kind: "sqlite", file }, { onBackgroundError: (error) => errors.push(error) });
    // Random keys in two indexes, as tasks' ids and title words are: each batch dirties many pages.
    await sql`create table notes (id text primary key, word text not null, body text not null)`.execute(db.kysely);
    await sql`create index notes_word on notes (word)`.execute(db.kysely);
    const walPages = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size / 4096 : 0);
    let largestWal = 0;
    let rowsWritten = 0;
    // Written back to back, the connection never idle for long: well past the backstop's 10,000 pages
    // (40 MB) in all, were the WAL never to start over.
    while (rowsWritten < 90_000) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 10; i++) {
          await sql`insert into notes (id, word, body) values (${crypto.randomUUID()}, ${crypto.randomUUID()}, ${"x".repeat(300)})`.execute(trx);
        }
      });
      rowsWritten += 10;
      // A turn of the event loop between batches, as a server's requests give: better-sqlite3
      // answers at once, so without it the loop would never let the worker's messages in. At most
      // about 1,000 batches a second, twice the bench's rate for ten-task batches.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (rowsWritten % 100 === 0) largestWal = Math.max(largestWal, walPages());
    }
    largestWal = Math.max(largestWal, walPages());
    const databasePages = statSync(file).size / 4096;
    await db.close();
    expect(errors).toEqual([]);
    expect(databasePages).toBeGreaterThan(BACKSTOP_AUTOCHECKPOINT_PAGES);
    // Well before the backstop, which it would reach without the checkpointer: ~3,000-3,200 pages on
    // a quiet machine, 5,145 once with a second test suite running beside it (the checkpointer's
    // thread then gets less of the CPU), so three quarters of it leaves room for a busy CI machine.
    expect(largestWal).toBeLessThan(BACKSTOP_AUTOCHECKPOINT_PAGES * 0.75);
  }, 120_000);
});
