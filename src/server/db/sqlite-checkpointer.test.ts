import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
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

  it("copies committed pages into the database file without the app's connection doing it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-checkpoint-"));
    dirs.push(dir);
    const file = path.join(dir, "daywise.sqlite");
    const errors: Error[] = [];
    const db = createDb({ kind: "sqlite", file }, { onBackgroundError: (error) => errors.push(error) });
    await sql`create table notes (id integer primary key, body text not null)`.execute(db.kysely);
    const sizeBefore = statSync(file).size;
    // About 2 MB, far below the app connection's own automatic checkpoint (10,000 pages).
    for (let i = 0; i < 50; i++) {
      await sql`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < 40)
        insert into notes (body) select ${"x".repeat(1000)} from n
      `.execute(db.kysely);
    }
    // The worker's checkpoints move the pages from the WAL into the file itself, whenever the machine lets it run.
    await expect.poll(() => statSync(file).size, { timeout: 20_000 }).toBeGreaterThan(sizeBefore + 1_500_000);
    const rows = await sql<{ count: number }>`select count(*) as count from notes`.execute(db.kysely);
    expect(Number(rows.rows[0]?.count)).toBe(50 * 40);

    await db.close();
    // The app's connection closed last, so it checkpointed and removed the WAL.
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(errors).toEqual([]);
  });
  // The WAL starting over under 90,000 written rows is measured by the bench (bench/sqlite-wal.ts).
});
