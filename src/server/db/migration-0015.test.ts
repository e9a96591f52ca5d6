// Migration 0015 drops 0012's write notices (PostgreSQL only: SQLite never had them), and going
// back down restores them.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase, testMigrator } from "../test/test-app.ts";

describeEachDatabase("migration 0015", (dialect) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(() => database.db.close());

  /** This schema's triggers and functions that send write notices. */
  const notifiers = async () => {
    const kysely = database.db.kysely;
    const triggers = await sql<{ name: string }>`
      select tgname as name from pg_trigger join pg_class on pg_class.oid = tgrelid
      where relnamespace = current_schema()::regnamespace and tgname like '%notify%' order by tgname`.execute(kysely);
    const functions = await sql<{ name: string }>`
      select proname as name from pg_proc where pronamespace = current_schema()::regnamespace and proname like '%notify%'`.execute(kysely);
    return [...triggers.rows, ...functions.rows].map((row) => row.name);
  };

  it.runIf(dialect === "postgres")("leaves no trigger or function that notifies writes, and down brings them back", async () => {
    expect(await notifiers()).toEqual([]);
    expect((await testMigrator(database.db).migrateTo("0014-task-positions")).error).toBeUndefined();
    expect(await notifiers()).toEqual([
      "sessions_notify_delete",
      "sessions_notify_update",
      "users_notify_delete",
      "users_notify_update",
      "daywise_notify_write",
    ]);
    expect((await testMigrator(database.db).migrateToLatest()).error).toBeUndefined();
    expect(await notifiers()).toEqual([]);
  });

  it.runIf(dialect === "sqlite")("changes nothing on SQLite, up or down", async () => {
    expect((await testMigrator(database.db).migrateTo("0014-task-positions")).error).toBeUndefined();
    expect((await testMigrator(database.db).migrateToLatest()).error).toBeUndefined();
  });
});
