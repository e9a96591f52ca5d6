// Integration-test harness: the real app on a fresh database, once per dialect.
import { randomBytes } from "node:crypto";
import { Migrator } from "kysely";
import pg from "pg";
import { describe, inject } from "vitest";
import { type App, buildApp } from "../app.ts";
import { type Config, loadConfig } from "../config.ts";
import { createDb, type Db, type Dialect } from "../db/database.ts";
import { migrateToLatest, migrations } from "../db/migrate.ts";

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

export interface TestDatabase {
  db: Db;
  /** Closes the connection and, on PostgreSQL, drops the run's schema. */
  drop(): Promise<void>;
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
 * A migrated, empty database: in-memory SQLite, or a fresh schema in the test PostgreSQL.
 * `upTo` stops after that migration (tests of a later migration on the data before it).
 */
export async function createTestDatabase(dialect: Dialect, options: { upTo?: string } = {}): Promise<TestDatabase> {
  const migrate = async (db: Db) => {
    if (!options.upTo) return void (await migrateToLatest(db.kysely, db.schema));
    const { error } = await testMigrator(db).migrateTo(options.upTo);
    if (error) throw error instanceof Error ? error : new Error(String(error));
  };
  if (dialect === "sqlite") {
    const db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
    await migrate(db);
    return { db, drop: () => db.close() };
  }
  const url = inject("postgresUrl");
  if (!url) throw new Error("PostgreSQL is not available in this run");
  const schema = `daywise_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const db = createDb({ kind: "postgres", url, schema });
  await retryOtherSchemaDropped(() => migrate(db), schema);
  return {
    db,
    drop: async () => {
      await db.close();
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      await cleaner.query(`drop schema if exists ${schema} cascade`);
      await cleaner.end();
    },
  };
}

/**
 * Kysely's migrator first lists the tables of every schema of the database (PostgresIntrospector
 * calls pg_get_serial_sequence on each), so a schema that another test file (or a second run on
 * the same server) drops or migrates at that instant fails the listing: "schema … does not exist"
 * (3F000), "relation … does not exist" (42P01) or "column … does not exist" (42703). Nothing of
 * this schema was done yet; the listing is tried again.
 */
async function retryOtherSchemaDropped(work: () => Promise<void>, ownSchema: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await work();
    } catch (error) {
      const { code, message } = (error ?? {}) as { code?: string; message?: string };
      const isRace = ["3F000", "42P01", "42703"].includes(code ?? "") && typeof message === "string" && !message.includes(ownSchema);
      if (!isRace || attempt >= 5) throw error;
    }
  }
}

export interface TestApp {
  app: App;
  db: Db;
  dialect: Dialect;
  /** The clock the app reads; tests may move it. */
  clock: { now: Date; advance(ms: number): void };
  close(): Promise<void>;
}

export async function createTestApp(dialect: Dialect, options: { config?: Partial<Config>; now?: Date } = {}): Promise<TestApp> {
  const { db, drop } = await createTestDatabase(dialect);
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
  });
  await app.ready();
  return {
    app,
    db,
    dialect,
    clock,
    close: async () => {
      await app.close();
      await drop();
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
