// The SQLite checkpointer under steady writes: the WAL starts over long before the app connection's
// own backstop checkpoint (BACKSTOP_AUTOCHECKPOINT_PAGES), so reads never wade through a huge WAL.
// Random keys in two indexes, as tasks' ids and title words are: each batch dirties many pages.
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { createDb } from "../src/server/db/database.ts";
import { BACKSTOP_AUTOCHECKPOINT_PAGES } from "../src/server/db/sqlite-checkpointer.ts";

const ROWS = 90_000;
const PAGE = 4096;

export interface WalCheck {
  name: string;
  value: string;
  budget: string;
  pass: boolean;
}

export async function measureSqliteWal(): Promise<WalCheck> {
  const dir = mkdtempSync(path.join(tmpdir(), "daywise-bench-wal-"));
  const file = path.join(dir, "daywise.sqlite");
  const errors: Error[] = [];
  const db = createDb({ kind: "sqlite", file }, { onBackgroundError: (error) => errors.push(error) });
  try {
    await sql`create table notes (id text primary key, word text not null, body text not null)`.execute(db.kysely);
    await sql`create index notes_word on notes (word)`.execute(db.kysely);
    const walPages = () => (existsSync(`${file}-wal`) ? statSync(`${file}-wal`).size / PAGE : 0);
    let largestWal = 0;
    for (let rows = 0; rows < ROWS; rows += 10) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let i = 0; i < 10; i++) {
          await sql`insert into notes (id, word, body) values (${crypto.randomUUID()}, ${crypto.randomUUID()}, ${"x".repeat(300)})`.execute(
            trx,
          );
        }
      });
      // A turn of the event loop between batches, as a server's requests give the worker's messages.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (rows % 100 === 0) largestWal = Math.max(largestWal, walPages());
    }
    largestWal = Math.max(largestWal, walPages());
    const limit = Math.round(BACKSTOP_AUTOCHECKPOINT_PAGES * 0.75);
    return {
      name: `SQLite WAL under ${ROWS.toLocaleString("en")} written rows: largest size`,
      value: `${Math.round(largestWal).toLocaleString("en")} pages${errors.length > 0 ? ` (${errors.length} checkpoint errors)` : ""}`,
      budget: `< ${limit.toLocaleString("en")} pages`,
      pass: largestWal < limit && errors.length === 0,
    };
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
