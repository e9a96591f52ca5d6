// SQLite's online backup API, not a file copy, which could catch the file and its WAL at different moments.
import { copyFileSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLiteDatabase from "better-sqlite3";

const require = createRequire(import.meta.url);
const loadSqlite = () => require("better-sqlite3") as typeof SQLiteDatabase;

// One step: a backup in several steps starts over whenever the app writes between two, so under steady writes
// it might never end.
const ALL_PAGES = 0x7fffffff;

export interface BackupResult {
  pages: number;
}

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

export function checkSqliteIntegrity(file: string): string {
  const SQLite = loadSqlite();
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return String(db.pragma("integrity_check", { simple: true }));
  } finally {
    db.close();
  }
}

// The app must be stopped: its open connection would keep writing to the file it had.
export function restoreSqlite(backupFile: string, targetFile: string): void {
  const check = checkSqliteIntegrity(backupFile);
  if (check !== "ok") throw new Error(`${backupFile} is not a sound SQLite database: ${check}`);
  mkdirSync(path.dirname(path.resolve(targetFile)), { recursive: true });
  if (existsSync(targetFile)) copyFileSync(targetFile, `${targetFile}.before-restore`);
  // The old WAL and shared-memory index belong to the old file; left behind they would be replayed onto the backup.
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${targetFile}${suffix}`, { force: true });
  copyFileSync(backupFile, targetFile);
}
