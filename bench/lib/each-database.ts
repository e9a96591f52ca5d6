// Runs an in-process measurement on a fresh database of each kind asked for: a SQLite file in a
// temporary folder, and a PostgreSQL database of its own at the admin URL, dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { DatabaseConfig } from "../../src/server/config.ts";
import type { Dialect } from "../../src/server/db/database.ts";

export async function onEachDatabase<T>(
  options: { databases: Set<string>; postgresAdminUrl: string },
  label: string,
  measure: (dialect: Dialect, config: DatabaseConfig) => Promise<T[]>,
): Promise<T[]> {
  const results: T[] = [];
  if (options.databases.has("sqlite")) {
    const dir = mkdtempSync(path.join(os.tmpdir(), `daywise-bench-${label}-`));
    try {
      results.push(...(await measure("sqlite", { kind: "sqlite", file: path.join(dir, "daywise.sqlite") })));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.databases.has("postgres")) {
    const name = `daywise_bench_${label}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: options.postgresAdminUrl, connectionTimeoutMillis: 3_000 });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(options.postgresAdminUrl);
    url.pathname = `/${name}`;
    try {
      results.push(...(await measure("postgres", { kind: "postgres", url: url.toString() })));
    } finally {
      const cleaner = new pg.Client({ connectionString: options.postgresAdminUrl, connectionTimeoutMillis: 3_000 });
      await cleaner.connect();
      await cleaner.query(`drop database if exists ${name} with (force)`);
      await cleaner.end();
    }
  }
  return results;
}
