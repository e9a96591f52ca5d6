import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { CamelCasePlugin, Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../config.ts";
import type { Database } from "./schema.ts";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema this connection is bound to, when not the default. */
  schema?: string;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface CreateDbOptions {
  /** Logs pool errors; a dropped idle PostgreSQL connection must not crash the process. */
  onPoolError?: (error: Error) => void;
  /** For SQLite: ":memory:" instead of the configured file (tests). */
  sqliteFile?: string;
}

const STATEMENT_TIMEOUT_MS = 10_000;

export function createDb(config: DatabaseConfig, options: CreateDbOptions = {}): Db {
  if (config.kind === "sqlite") {
    const file = options.sqliteFile ?? config.file;
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database }),
      plugins: [new CamelCasePlugin()],
    });
    return {
      kysely,
      dialect: "sqlite",
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      close: () => kysely.destroy(),
    };
  }

  const pool = new pg.Pool({
    connectionString: config.url,
    max: 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: STATEMENT_TIMEOUT_MS,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  });
  pool.on("error", (error) => options.onPoolError?.(error));
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    plugins: [new CamelCasePlugin()],
  });
  return {
    kysely,
    dialect: "postgres",
    ...(config.schema ? { schema: config.schema } : {}),
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}
