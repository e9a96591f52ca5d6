// Integration-test harness: the real app on a database of its own, once per dialect.
import { randomBytes } from "node:crypto";
import { Migrator } from "kysely";
import pg from "pg";
import { describe, inject } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createDb, type Db, type Dialect } from "../db/database.ts";
import { migrateToLatest, migrations } from "../db/migrate.ts";
import { databaseUrl, TEMPLATE_SCHEMA } from "./postgres-global-setup.ts";

export const TEST_SECRET = "test-secret-test-secret-test-secret-0123456789";

export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({
    NODE_ENV: "test",
    SESSION_SECRET: TEST_SECRET,
    DATA_DIR: "/tmp/daywise-test-data",
    PUBLIC_URL: "http://localhost:3000",
    LOG_LEVEL: "silent",
    // Tests run the auto rollover job themselves, on their own clock (jobs/auto-rollover.test.ts).
    ROLLOVER_SCHEDULER: "off",
  });
  // Test apps close at the end of every file: no drain wait (sigterm.test.ts runs the real one).
  return { ...base, shutdownDrainMs: 0, ...overrides };
}

/** Closed with `db.close()`; the run drops PostgreSQL's test databases together at its end (a drop waits
 * for a checkpoint, which on a busy server took as long as the test). */
export interface TestDatabase {
  db: Db;
  /** PostgreSQL: the URL of this test's own database. */
  url?: string;
}

/** The migrator a test database uses, on its schema (PostgreSQL); for tests of one migration. */
export function testMigrator(db: Db): Migrator {
  return new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => migrations },
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
}

/**
 * A migrated database: in-memory SQLite, or in PostgreSQL a copy of the run's migrated template
 * (postgres-global-setup.ts) whose schema gets a name of its own (the write listener's notices and
 * connection names carry it). `upTo` stops after that migration (tests of a later migration on the
 * data before it), on an empty database instead.
 */
export async function createTestDatabase(dialect: Dialect, options: { upTo?: string } = {}): Promise<TestDatabase> {
  if (dialect === "sqlite") {
    const db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
    if (options.upTo) await migrateUpTo(db, options.upTo);
    else await migrateToLatest(db.kysely);
    return { db };
  }
  const serverUrl = inject("postgresUrl");
  const template = inject("postgresTemplate");
  if (!serverUrl || !template) throw new Error("PostgreSQL is not available in this run");
  const suffix = randomBytes(6).toString("hex");
  const name = `${template}_${suffix}`;
  const schema = `daywise_test_${suffix}`;
  const url = databaseUrl(serverUrl, name);
  await withClient(serverUrl, (client) =>
    client.query(options.upTo ? `create database ${name}` : `create database ${name} template ${template}`),
  );
  await withClient(url, (client) =>
    client.query(options.upTo ? `create schema ${schema}` : `alter schema ${TEMPLATE_SCHEMA} rename to ${schema}`),
  );
  const db = createDb({ kind: "postgres", url, schema });
  if (options.upTo) await migrateUpTo(db, options.upTo);
  return { db, url };
}

async function migrateUpTo(db: Db, migration: string): Promise<void> {
  const { error } = await testMigrator(db).migrateTo(migration);
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

async function withClient(url: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

export interface TestApp {
  app: App;
  db: Db;
  /** PostgreSQL: the URL of this test's own database. */
  url?: string;
  dialect: Dialect;
  /** The clock the app reads; tests may move it. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function createTestApp(
  dialect: Dialect,
  options: { config?: Partial<Config>; now?: Date; liveHeartbeatMs?: number } = {},
): Promise<TestApp> {
  const { db, url } = await createTestDatabase(dialect);
  const clock = {
    now: options.now ?? new Date(),
    advance(ms: number) {
      clock.now = new Date(clock.now.getTime() + ms);
    },
  };
  const app = await buildApp(testConfig(options.config), {
    db,
    logger: false,
    now: () => clock.now,
    webRoot: "/nonexistent",
    ...(options.liveHeartbeatMs ? { liveHeartbeatMs: options.liveHeartbeatMs } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    ...(url ? { url } : {}),
    dialect,
    clock,
    close: async () => {
      // The test is over: a connection a client left open (a request it never awaited) must not hold the close.
      const closing = app.close();
      app.server.closeAllConnections();
      await closing;
      await db.close();
    },
  };
}

const dialects: Dialect[] = ["sqlite", "postgres"];

/** Declares the same suite on SQLite and PostgreSQL (the latter skipped, loudly, when unreachable). */
export function describeEachDatabase(name: string, suite: (dialect: Dialect) => void): void {
  for (const dialect of dialects) {
    const skip = dialect === "postgres" && !inject("postgresUrl");
    describe.skipIf(skip)(`${name} [${dialect}]`, () => suite(dialect));
  }
}
