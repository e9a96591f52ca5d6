import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLiteDatabase from "better-sqlite3";
import { LRUCache } from "lru-cache";
import {
  CamelCasePlugin,
  Kysely,
  PostgresDialect,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
  type SqliteStatement,
  sql,
} from "kysely";
import type PgModule from "pg";
import type { DatabaseConfig } from "../config.ts";
import { ChecklistPlugin } from "./checklist-column.ts";
import { HeldNotices, listenPostgres, type NoticeListener, type NoticeListening } from "./change-notices.ts";
import { compiledSqlTexts } from "./compiled-query.ts";
import { isDatabaseUnavailable } from "./database-errors.ts";
import { FairSqliteDialect, FifoMutex } from "./sqlite-fair-driver.ts";
import { type GroupCommit, groupCommit } from "./group-commit.ts";
import type { Database } from "./schema.ts";
import { BACKSTOP_AUTOCHECKPOINT_PAGES, type Checkpointer, startCheckpointer } from "./sqlite-checkpointer.ts";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema this connection is bound to, when not the default. */
  schema?: string;
  ping(): Promise<void>;
  close(): Promise<void>;
  /** A write sharing one commit with the same event-loop turn's others on SQLite; settles after the commit. */
  groupCommit: GroupCommit;
  /** Every committed raise of a data version: this process's on SQLite, every instance's on PostgreSQL (LISTEN). */
  listenForChanges(handlers: ChangeHandlers): Promise<NoticeListening>;
}

export interface ChangeHandlers {
  onNotice: NoticeListener;
  /** PostgreSQL: LISTEN holds again after a gap, in which notices may have been missed. */
  onListening: () => void;
  onError: (error: Error) => void;
}

export interface CreateDbOptions {
  /** Errors of background work (a dropped idle connection, a failed checkpoint): reported, never crashing. */
  onBackgroundError?: (error: Error) => void;
  /** For SQLite: ":memory:" instead of the configured file (tests). */
  sqliteFile?: string;
}

/** PostgreSQL pool defaults (README "Configuration": DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS). */
export const POSTGRES_DEFAULTS = { poolSize: 10, connectTimeoutMs: 3_000, queryTimeoutMs: 5_000 } as const;
// Past statement_timeout plus this, the server or the network is gone (a partition answers nothing): give up.
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

// Each driver is loaded only when its database is used, so start-up never loads the other one.
const require = createRequire(import.meta.url);
const loadSqlite = () => require("better-sqlite3") as typeof SQLiteDatabase;
const loadPg = () => require("pg") as typeof PgModule;

/** Statements kept per SQLite database; far more than the app's distinct queries. */
const MAX_CACHED_STATEMENTS = 500;

// Kysely prepares every query anew, which costs as much as a hot read: statements are kept. Safe because
// Kysely's mutex runs one statement at a time, to completion, on the single connection.
function withStatementCache(database: SQLiteDatabase.Database): SqliteDatabase {
  const statements = new LRUCache<string, SqliteStatement>({ max: MAX_CACHED_STATEMENTS });
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (!statement) {
        statement = database.prepare(text);
        statements.set(text, statement);
      }
      return statement;
    },
  };
}

// Compiled queries (compiled-query.ts) go as named prepared statements, parsed and planned once per connection.
function withPreparedStatements(pool: PgModule.Pool): PostgresPool {
  const wrapped = new WeakMap<PgModule.PoolClient, PostgresPoolClient>();
  const names = new Map<string, string>();
  const nameOf = (text: string) => {
    let name = names.get(text);
    if (!name) {
      name = `daywise_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
      names.set(text, name);
    }
    return name;
  };
  return {
    async connect() {
      const client = await pool.connect();
      let facade = wrapped.get(client);
      if (!facade) {
        // A client whose query failed for want of a connection (reset, or no answer within
        // query_timeout: its late answer could still arrive) is not given back to the pool.
        let isBroken = false;
        // Kysely passes (sql, parameters), or a cursor when streaming (which passes through).
        const query = async (textOrCursor: string, values?: unknown[]) => {
          try {
            return await (compiledSqlTexts.has(textOrCursor)
              ? client.query({ name: nameOf(textOrCursor), text: textOrCursor, values })
              : client.query(textOrCursor, values));
          } catch (error) {
            if (isDatabaseUnavailable(error)) isBroken = true;
            throw error;
          }
        };
        facade = {
          query: query as unknown as PostgresPoolClient["query"],
          release: (destroy?: boolean) => {
            if (isBroken) wrapped.delete(client);
            client.release(destroy || isBroken);
          },
        };
        wrapped.set(client, facade);
      }
      return facade;
    },
    end: () => pool.end(),
  };
}

export function createDb(config: DatabaseConfig, options: CreateDbOptions = {}): Db {
  if (config.kind === "sqlite") {
    const file = options.sqliteFile ?? config.file;
    if (file !== ":memory:") mkdirSync(path.dirname(file), { recursive: true });
    const SQLite = loadSqlite();
    const database = new SQLite(file);
    database.pragma("journal_mode = WAL");
    database.pragma("synchronous = NORMAL");
    database.pragma("foreign_keys = ON");
    database.pragma("busy_timeout = 5000");
    const notices = new HeldNotices();
    database.function("pg_notify", notices.hold);
    // The connection's turn, shared by Kysely's queries and the checkpointer's catch-up.
    const connectionQueue = new FifoMutex();
    let checkpointer: Checkpointer | undefined;
    if (file !== ":memory:") {
      database.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
      checkpointer = startCheckpointer(
        file,
        (error) => options.onBackgroundError?.(error),
        async (work) => {
          await connectionQueue.lock();
          try {
            await work();
          } finally {
            connectionQueue.unlock();
          }
        },
      );
    }
    const kysely = new Kysely<Database>({
      dialect: new FairSqliteDialect({ database: withStatementCache(database) }, connectionQueue, {
        released: () => notices.deliver(),
        rolledBack: () => notices.discard(),
      }),
      plugins: [new CamelCasePlugin(), new ChecklistPlugin()],
    });
    return {
      kysely,
      dialect: "sqlite",
      groupCommit: groupCommit(kysely, "sqlite"),
      listenForChanges: async ({ onNotice }) => {
        const stop = notices.listen(onNotice);
        return { close: async () => void stop() };
      },
      ping: async () => {
        await sql`select 1`.execute(kysely);
      },
      // The worker's connection first, so that the app's (the last one) checkpoints the WAL away.
      close: async () => {
        await checkpointer?.stop();
        await kysely.destroy();
      },
    };
  }

  const pg = loadPg();
  const poolSize = config.pool?.poolSize ?? POSTGRES_DEFAULTS.poolSize;
  const connectTimeoutMs = config.pool?.connectTimeoutMs ?? POSTGRES_DEFAULTS.connectTimeoutMs;
  const queryTimeoutMs = config.pool?.queryTimeoutMs ?? POSTGRES_DEFAULTS.queryTimeoutMs;
  const connection = { connectionString: config.url, connectionTimeoutMillis: connectTimeoutMs, keepAlive: true };
  const pool = new pg.Pool({
    // connectionTimeoutMillis bounds both opening a connection and waiting for a free one.
    ...connection,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
    max: poolSize,
    idleTimeoutMillis: 30_000,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    application_name: "daywise",
  });
  const reportBackgroundError = (error: Error) => options.onBackgroundError?.(error);
  pool.on("error", reportBackgroundError);
  // A client dying while checked out also emits 'error', which pg-pool hears only while it is idle, and an
  // unheard 'error' kills the process: every client is listened to for its whole life.
  pool.on("connect", (client) => {
    client.on("error", reportBackgroundError);
  });
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool) }),
    plugins: [new CamelCasePlugin(), new ChecklistPlugin()],
  });
  return {
    kysely,
    dialect: "postgres",
    ...(config.schema ? { schema: config.schema } : {}),
    groupCommit: groupCommit(kysely, "postgres"),
    listenForChanges: (handlers) => listenPostgres(pg, connection, handlers),
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: () => kysely.destroy(),
  };
}
