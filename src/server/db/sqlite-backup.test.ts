// Issue 18: a backup of the embedded database taken by `npm run db:backup` (another process)
// while the app writes, restored by `npm run db:restore` into a new data directory, serves a
// working app holding every write acknowledged before the backup began.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { signInTestUser } from "../test/sign-in.ts";
import { testConfig } from "../test/test-app.ts";
import { createDb, type Db } from "./database.ts";
import { migrateToLatest } from "./migrate.ts";
import { checkSqliteIntegrity } from "./sqlite-backup.ts";

const run = promisify(execFile);
const cli = fileURLToPath(new URL("./backup-cli.ts", import.meta.url));
const DAY = "2026-05-04";

async function openApp(dataDir: string): Promise<{ app: App; db: Db }> {
  const db = createDb({ kind: "sqlite", file: path.join(dataDir, "daywise.sqlite") });
  await migrateToLatest(db.kysely);
  const app = await buildApp(testConfig(), { db, logger: false, webRoot: "/nonexistent" });
  await app.ready();
  return { app, db };
}

function runCli(command: "backup" | "restore", file: string, dataDir: string) {
  return run(process.execPath, ["--import", "tsx", cli, command, file], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", SESSION_SECRET: "x".repeat(40), LOG_LEVEL: "silent" },
  });
}

describe("SQLite backup and restore", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "daywise-backup-"));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("takes a consistent copy under write load and restores it to a working app", { timeout: 60_000 }, async () => {
    const liveDir = path.join(root, "live");
    const { app, db } = await openApp(liveDir);
    const user = await signInTestUser(app);
    const create = async (title: string) => {
      const response = await app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: user.mutatingHeaders,
        payload: { title, date: DAY },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as string;
    };

    const beforeBackup: string[] = [];
    for (let i = 0; i < 50; i++) beforeBackup.push(await create(`before ${i}`));
    // Writes keep coming, 10 at a time, for as long as the backup runs.
    let writing = true;
    let during = 0;
    const load = (async () => {
      while (writing) {
        await Promise.all(Array.from({ length: 10 }, () => create(`during ${during++}`)));
      }
    })();
    const backupFile = path.join(root, "backups", "daywise.backup.sqlite");
    const { stdout } = await runCli("backup", backupFile, liveDir);
    writing = false;
    await load;
    await app.close();
    await db.close();
    expect(stdout).toContain("Backed up");
    expect(during).toBeGreaterThan(0);
    expect(checkSqliteIntegrity(backupFile)).toBe("ok");

    const restoredDir = path.join(root, "restored");
    expect((await runCli("restore", backupFile, restoredDir)).stdout).toContain("Restored");
    const restored = await openApp(restoredDir);
    try {
      const day = await restored.app.inject({ url: `/api/tasks?date=${DAY}`, headers: user.headers });
      expect(day.statusCode).toBe(200);
      const ids = new Set((day.json() as { id: string }[]).map((task) => task.id));
      for (const id of beforeBackup) expect(ids.has(id)).toBe(true);
      const write = await restored.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: user.mutatingHeaders,
        payload: { title: "after restore" },
      });
      expect(write.statusCode).toBe(201);
    } finally {
      await restored.app.close();
      await restored.db.close();
    }
  });

  it("refuses to restore a file that is not a sound database, and leaves the current one alone", async () => {
    const bad = path.join(root, "not-a-database.sqlite");
    writeFileSync(bad, "definitely not sqlite");
    const untouched = path.join(root, "untouched");
    await expect(runCli("restore", bad, untouched)).rejects.toMatchObject({ code: 1 });
    expect(existsSync(path.join(untouched, "daywise.sqlite"))).toBe(false);
  });
});
