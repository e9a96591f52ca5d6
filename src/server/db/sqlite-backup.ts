// Backups of the embedded database with SQLite's online backup API (not a file copy, which could
// catch the database file and its WAL at different moments): a consistent copy while the app runs.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLiteDatabase from "better-sqlite3";

const require = createRequire(import.meta.url);
const loadSqlite = () => require("better-sqlite3") as typeof SQLiteDatabase;

/**
 * Pages per backup step: all of them. A backup taken in several steps starts over whenever another
 * connection (the running app) writes between two steps, so under a steady write load it might
 * never end; one step copies one snapshot, and in WAL mode it does not hold the app's writers up.
 */
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  pages: number;
}

/** Copies the live database `sourceFile` to `targetFile` (replaced if it exists). */
export async function backupSqlite(sourceFile: string, targetFile: string): Promise<BackupResult> {
  if (!existsSync(sourceFile)) throw new Error(`No database at ${sourceFile}`);
  mkdirSync(path.dirname(path.resolve(targetFile)), { recursive: true });
  rmSync(targetFile, { force: true });
  const SQLite = loadSqlite();
  const source = new SQLite(sourceFile, { readonly: true, fileMustExist: true });
  try {
    source.pragma("busy_timeout = 5000");
    const progress = await source.backup(targetFile, { progress: () => ALL_PAGES });
    return { pages: progress.totalPages };
  } finally {
    source.close();
  }
}

/** Whether the file is a readable SQLite database that passes SQLite's integrity check. */
export function checkSqliteIntegrity(file: string): string {
  const SQLite = loadSqlite();
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database `targetFile`. The app must be stopped: its open
 * connection would keep writing to the file it had. The current database, if any, is kept beside
 * it as `<file>.before-restore`.
 */
export function restoreSqlite(backupFile: string, targetFile: string): void {
  const check = checkSqliteIntegrity(backupFile);
  if (check !== "ok") throw new Error(`${backupFile} is not a sound SQLite database: ${check}`);
  mkdirSync(path.dirname(path.resolve(targetFile)), { recursive: true });
  if (existsSync(targetFile)) copyFileSync(targetFile, `${targetFile}.before-restore`);
  // The old WAL and shared-memory index belong to the old file; left behind they would be replayed onto the backup.
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${targetFile}${suffix}`, { force: true });
  copyFileSync(backupFile, targetFile);
}
