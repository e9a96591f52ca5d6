import { closeSync, existsSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "./database.ts";

describe("SQLite WAL checkpoints in a worker thread", () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("copies committed pages into the database file without the app's connection doing it", { timeout: 15_000 }, async () => {
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
    // Every 200 ms once the worker runs (its start can take a while on a loaded machine).
    for (let waited = 0; waited < 5_000 && statSync(file).size <= sizeBefore + 1_000_000; waited += 100) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The worker's checkpoints moved the pages from the WAL into the file itself.
    expect(statSync(file).size).toBeGreaterThan(sizeBefore + 1_000_000);
    const rows = await sql<{ count: number }>`select count(*) as count from notes`.execute(db.kysely);
    expect(Number(rows.rows[0]?.count)).toBe(50 * 40);

    await db.close();
    // The app's connection closed last, so it checkpointed and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(errors).toEqual([]);
  });

  it("starts the WAL over while writes never pause, so the app's connection never reaches its own checkpoint", { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-checkpoint-"));
    dirs.push(dir);
    const file = path.join(dir, "daywise.sqlite");
    const errors: Error[] = [];
    const db = createDb({ kind: "sqlite", file }, { onBackgroundError: (error) => errors.push(error) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    // The WAL's length in frames: the WAL index header's mxFrame (the -shm file, native byte order).
    const walFrames = () => {
      const header = Buffer.alloc(20);
      const fd = openSync(`${file}-shm`, "r");
      readSync(fd, header, 0, 20, 0);
      closeSync(fd);
      return header.readUInt32LE(16);
    };
    // Transactions of about 10 pages back to back, each in its own turn of the event loop (as
    // requests are), for at least 1.5 s and until the WAL has started over (at most 15 s, far
    // past the 10,000 pages of the backstop): well past the 1,000 frames after which the worker
    // catches up.
    let longest = 0;
    let startedOver = 0;
    let written = 0;
    let previous = 0;
    const started = Date.now();
    while (Date.now() - started < 1_500 || (startedOver === 0 && Date.now() - started < 15_000)) {
      await db.kysely.transaction().execute(async (trx) => {
        await sql`
          with recursive n(i) as (select 1 union all select i + 1 from n where i < 40)
          insert into notes (body) select ${"x".repeat(1000)} from n
        `.execute(trx);
      });
      written += 40;
      const frames = walFrames();
      if (frames < previous) startedOver++;
      longest = Math.max(longest, frames);
      previous = frames;
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(startedOver).toBeGreaterThan(0);
    expect(longest).toBeLessThan(10_000);
    const rows = await sql<{ count: number }>`select count(*) as count from notes`.execute(db.kysely);
    expect(Number(rows.rows[0]?.count)).toBe(written);
    await db.close();
    expect(errors).toEqual([]);
  });
});
