import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type SQLiteDatabase from "better-sqlite3";
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
import { compiledSqlTexts } from "./compiled-query.ts";
import { isDatabaseUnavailable } from "./database-errors.ts";
import { FairSqliteDialect, FifoMutex } from "./sqlite-fair-driver.ts";
import { type GroupCommit, groupCommit } from "./group-commit.ts";
import { WRITES_CHANNEL } from "./migrations/0012-write-notifications.ts";
import type { Database } from "./schema.ts";
import { BACKSTOP_AUTOCHECKPOINT_PAGES, type Checkpointer, startCheckpointer } from "./sqlite-checkpointer.ts";

export type Dialect = "sqlite" | "postgres";

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema this connection is bound to, when not the default. */
  schema?: string;
  /** Cheap round trip for readiness checks. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * A count that moves whenever the database may have changed under a kept read, so that an answer
   * read when this had some value is still what the database holds while the value is unchanged.
   * SQLite: how many writing statements have run (but for those that write only tables no kept read
   * depends on: UNCOUNTED_WRITE below); the app is the file's only writer (one process on SQLite;
   * several instances need PostgreSQL). PostgreSQL: this instance's writing statements and commits,
   * and every notice of another instance's write to what a session check reads (migration 0012,
   * listenForWrites below); undefined while this instance is not listening for those notices.
   */
  writeCount?: () => number | undefined;
  /**
   * Runs a write in a transaction shared with the other writes asked for in the same turn of the
   * event loop (SQLite: one commit for all of them; PostgreSQL: at once). Settles after the commit.
   */
  groupCommit: GroupCommit;
}

export interface CreateDbOptions {
  /**
   * Errors of the database's background work (a dropped idle PostgreSQL connection, a failed
   * SQLite checkpoint): reported here, never crashing the process.
   */
  onBackgroundError?: (error: Error) => void;
  /** For SQLite: ":memory:" instead of the configured file (tests). */
  sqliteFile?: string;
}

/** PostgreSQL pool defaults (README "Configuration": DATABASE_POOL_SIZE, DATABASE_CONNECT_TIMEOUT_MS, DATABASE_QUERY_TIMEOUT_MS). */
export const POSTGRES_DEFAULTS = { poolSize: 10, connectTimeoutMs: 3_000, queryTimeoutMs: 5_000 } as const;
/**
 * How much longer the app waits for an answer than the server's statement_timeout: a reachable
 * server cancels a slow statement itself (and says so); past this, the server or the network is
 * gone and the app gives up on its own (a partition drops packets: nothing would ever answer).
 */
const CLIENT_TIMEOUT_MARGIN_MS = 1_000;

// Each driver is loaded only when its database is used (both are CommonJS, so synchronously):
// a server on SQLite does not spend its start-up loading pg, nor one on PostgreSQL the SQLite addon.
const require = createRequire(import.meta.url);
const loadSqlite = () => require("better-sqlite3") as typeof SQLiteDatabase;
const loadPg = () => require("pg") as typeof PgModule;

/** Statements kept per SQLite database; far more than the app's distinct queries. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * Tables whose writes no kept read depends on (the kept sessions read sessions and users; the
 * user-data cache goes by users.data_version): the per-user and per-address rate-limit counters and
 * one-time keys, the AI exchanges kept for the analytics and the assistant's proposals. A statement that writes only one of
 * these (its text starts by naming it) is not counted in writeCount, so that the AI chat's limit
 * counters and its exchange's record do not send every signed-in cookie back to the database.
 */
const UNCOUNTED_WRITE = /^(?:insert into|update|delete from) "(?:rate_limits|ai_conversations|ai_proposals)" /;

/**
 * better-sqlite3 as Kysely sees it, with its prepared statements kept: Kysely prepares every query
 * anew, and parsing and planning the SQL cost as much as running a hot indexed read. Safe because
 * Kysely runs one query at a time on the single SQLite connection (its mutex), and a statement
 * runs to completion (all/run) before the next one starts. Least recently used ones go first.
 * Statements that write (better-sqlite3's `readonly` is false, RETURNING ones included) count
 * each run in `writes`, before they run, but for those of UNCOUNTED_WRITE.
 */
function withStatementCache(database: SQLiteDatabase.Database, writes: { count: number }): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  const countingWrites = (statement: SQLiteDatabase.Statement): SqliteStatement => ({
    reader: statement.reader,
    all: (parameters) => {
      writes.count++;
      return statement.all(parameters);
    },
    run: (parameters) => {
      writes.count++;
      return statement.run(parameters);
    },
    iterate: (parameters) => {
      writes.count++;
      return statement.iterate(parameters);
    },
  });
  return {
    close: () => database.close(),
    prepare(text: string) {
      let statement = statements.get(text);
      if (statement) {
        statements.delete(text);
      } else {
        const prepared = database.prepare(text);
        statement = prepared.readonly || UNCOUNTED_WRITE.test(text) ? prepared : countingWrites(prepared);
        if (statements.size >= MAX_CACHED_STATEMENTS) statements.delete(statements.keys().next().value!);
      }
      statements.set(text, statement);
      return statement;
    },
  };
}

/**
 * PostgreSQL: what a statement means for db.writeCount. A write (but for those of UNCOUNTED_WRITE)
 * is counted once it has run (or failed); so is the commit of a transaction that made one: a
 * session read while that transaction was open saw the old row, and must not be taken as checked
 * once it has committed.
 */
function statementKind(text: string): "write" | "commit" | "boundary" | "other" {
  const verb = /^\s*([a-z]+)/iu.exec(text)?.[1]?.toLowerCase();
  if (verb === "insert" || verb === "update" || verb === "delete" || verb === "with") return UNCOUNTED_WRITE.test(text) ? "other" : "write";
  if (verb === "commit" || verb === "end") return "commit";
  return verb === "begin" || verb === "start" || verb === "rollback" || verb === "abort" ? "boundary" : "other";
}

/**
 * Listens on its own connection for the notices migration 0012's triggers send when any instance
 * writes what a session check reads, calling `onWrite` for each one about this schema, and once
 * whenever it (re)starts listening. While the connection is down, `isListening()` is false (kept
 * reads must not be trusted: notices may be missed) and it connects again every second.
 */
function listenForWrites(
  pg: typeof PgModule,
  clientConfig: PgModule.ClientConfig,
  schemaName: string | undefined,
  onWrite: () => void,
  reportError: (error: Error) => void,
): { isListening: () => boolean; stop: () => Promise<void> } {
  let client: PgModule.Client | undefined;
  let isListening = false;
  let isStopped = false;
  let retry: NodeJS.Timeout | undefined;
  // One report per outage: not one a second while the database stays unreachable.
  let hasReported = false;
  const report = (error: unknown) => {
    if (hasReported || isStopped) return;
    hasReported = true;
    reportError(error instanceof Error ? error : new Error(String(error)));
  };
  const drop = (dropped: PgModule.Client) => {
    dropped.end().catch(() => {});
    if (client !== dropped) return;
    client = undefined;
    isListening = false;
    if (!isStopped) retry = setTimeout(connect, LISTEN_RETRY_MS).unref();
  };
  const connect = async () => {
    const connecting = new pg.Client({ ...clientConfig, application_name: listenerName(schemaName) });
    client = connecting;
    connecting.on("error", (error) => {
      report(error);
      drop(connecting);
    });
    connecting.on("end", () => drop(connecting));
    let schema: string | undefined;
    connecting.on("notification", (notice) => {
      if (notice.channel === WRITES_CHANNEL && notice.payload === schema) onWrite();
    });
    try {
      await connecting.connect();
      schema = (await connecting.query<{ schema: string }>("select current_schema() as schema")).rows[0]?.schema;
      await connecting.query(`listen ${WRITES_CHANNEL}`);
    } catch (error) {
      report(error);
      drop(connecting);
      return;
    }
    // Stopped (or replaced) while connecting.
    if (client !== connecting) return drop(connecting);
    isListening = true;
    hasReported = false;
    onWrite();
  };
  void connect();
  return {
    isListening: () => isListening,
    stop: async () => {
      isStopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      isListening = false;
      await current?.end().catch(() => {});
    },
  };
}

/** The listening connection's application_name (PostgreSQL keeps 63 bytes of it). */
export function listenerName(schema: string | undefined): string {
  return `daywise-listener${schema ? ` ${schema}` : ""}`.slice(0, 63);
}

/** How long the write listener waits before connecting again. */
const LISTEN_RETRY_MS = 1_000;

/**
 * The pool as Kysely sees it, with the compiled queries (compiled-query.ts: the per-request ones,
 * e.g. the session lookup) sent as named prepared statements: pg prepares each once per
 * connection and then only binds and executes it, saving PostgreSQL's parse and plan every time.
 * Every other query (migrations, ad-hoc ones) runs as before.
 */
function withPreparedStatements(pool: PgModule.Pool, writes: { count: number }): PostgresPool {
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
        // This client's open transaction has made a counted write (statementKind).
        let hasWritten = false;
        // Kysely passes (sql, parameters), or a cursor when streaming (which passes through).
        const query = async (textOrCursor: string, values?: unknown[]) => {
          try {
            return await (compiledSqlTexts.has(textOrCursor)
              ? client.query({ name: nameOf(textOrCursor), text: textOrCursor, values })
              : client.query(textOrCursor, values));
          } catch (error) {
            if (isDatabaseUnavailable(error)) isBroken = true;
            throw error;
          } finally {
            const kind = typeof textOrCursor === "string" ? statementKind(textOrCursor) : "other";
            if (kind === "write" || (kind === "commit" && hasWritten)) writes.count++;
            if (kind !== "other") hasWritten = kind === "write";
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
    const writes = { count: 0 };
    const kysely = new Kysely<Database>({
      dialect: new FairSqliteDialect({ database: withStatementCache(database, writes) }, connectionQueue),
      plugins: [new CamelCasePlugin()],
    });
    return {
      kysely,
      dialect: "sqlite",
      writeCount: () => writes.count,
      groupCommit: groupCommit(kysely, "sqlite"),
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
  // What the pool's connections and the write listener's share.
  const connection: PgModule.ClientConfig = {
    connectionString: config.url,
    // For the pool, bounds both opening a connection and waiting for a free one.
    connectionTimeoutMillis: connectTimeoutMs,
    keepAlive: true,
    ...(config.schema ? { options: `-c search_path=${config.schema}` } : {}),
  };
  const pool = new pg.Pool({
    ...connection,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    statement_timeout: queryTimeoutMs,
    query_timeout: queryTimeoutMs + CLIENT_TIMEOUT_MARGIN_MS,
    application_name: "daywise",
  });
  const reportBackgroundError = (error: Error) => options.onBackgroundError?.(error);
  pool.on("error", reportBackgroundError);
  // A connection that dies while checked out (the server restarted, a backend was terminated, the
  // network reset) fails its query, which the request answers 503, and then also emits 'error' on
  // its client. pg-pool listens only while a client is idle, and an 'error' event nobody listens
  // to kills the process: so every client is listened to for its whole life. The pool drops a
  // broken client when it is released.
  pool.on("connect", (client) => {
    client.on("error", reportBackgroundError);
  });
  const writes = { count: 0 };
  const kysely = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: withPreparedStatements(pool, writes) }),
    plugins: [new CamelCasePlugin()],
  });
  const listener = listenForWrites(pg, connection, config.schema, () => writes.count++, reportBackgroundError);
  return {
    kysely,
    dialect: "postgres",
    ...(config.schema ? { schema: config.schema } : {}),
    writeCount: () => (listener.isListening() ? writes.count : undefined),
    groupCommit: groupCommit(kysely, "postgres"),
    ping: async () => {
      await sql`select 1`.execute(kysely);
    },
    close: async () => {
      await listener.stop();
      await kysely.destroy();
    },
  };
}
