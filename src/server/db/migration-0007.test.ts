// Migration 0007 on a database holding version 0006's AI rows: chat exchanges keep their time and
// provider and lose their text; the unused suggestion events give way to ai_breakdowns. And back.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachDatabase, type TestDatabase, testMigrator } from "../test/test-app.ts";

const iso = "2026-11-22T10:00:00.000Z";

describeEachDatabase("migration 0007", (dialect) => {
  let database: TestDatabase;
  const columnsOf = async (table: string) => {
    // On PostgreSQL other runs' schemas are listed too: only this run's counts.
    const tables = await database.db.kysely.introspection.getTables();
    const schema = database.db.schema;
    return tables
      .find((candidate) => candidate.name === table && (schema === undefined || candidate.schema === schema))
      ?.columns.map((column) => column.name)
      .sort();
  };

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { upTo: "0006-auto-rollover-schedule" });
    const kysely = database.db.kysely;
    await sql`insert into users (id, name, email, avatar_url, time_zone, created_at, updated_at)
              values ('u1', 'Ada', null, null, 'UTC', ${iso}, ${iso})`.execute(kysely);
    await sql`insert into ai_conversations (id, user_id, provider, message, response, created_at)
              values ('c1', 'u1', 'openai', 'My private question', 'A private answer', ${iso})`.execute(kysely);
    await sql`insert into ai_suggestion_events (id, user_id, goal_id, kind, count, created_at)
              values ('e1', 'u1', null, 'suggested', 3, ${iso})`.execute(kysely);
    const { error } = await testMigrator(database.db).migrateToLatest();
    expect(error).toBeUndefined();
  });
  afterAll(() => database.db.close());

  it("keeps each chat exchange's time and provider, drops its text, and adds token counts (null for the old ones)", async () => {
    expect(await columnsOf("ai_conversations")).toEqual(["created_at", "id", "input_tokens", "output_tokens", "provider", "user_id"]);
    const rows = await database.db.kysely.selectFrom("aiConversations").selectAll().execute();
    expect(rows).toEqual([{ id: "c1", userId: "u1", provider: "openai", inputTokens: null, outputTokens: null, createdAt: iso }]);
  });

  it("replaces ai_suggestion_events with ai_breakdowns", async () => {
    expect(await columnsOf("ai_suggestion_events")).toBeUndefined();
    expect(await columnsOf("ai_breakdowns")).toEqual([
      "created_at",
      "goal_id",
      "id",
      "input_tokens",
      "output_tokens",
      "provider",
      "suggestions_created",
      "suggestions_shown",
      "user_id",
    ]);
  });

  it("goes back down to 0006 (the texts of kept exchanges are empty) and up again", async () => {
    const migrator = testMigrator(database.db);
    expect((await migrator.migrateTo("0006-auto-rollover-schedule")).error).toBeUndefined();
    const down = await sql<{ message: string; response: string }>`select message, response from ai_conversations`.execute(
      database.db.kysely,
    );
    expect(down.rows).toEqual([{ message: "", response: "" }]);
    expect(await columnsOf("ai_breakdowns")).toBeUndefined();
    expect(await columnsOf("ai_suggestion_events")).toBeDefined();
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await columnsOf("ai_breakdowns")).toBeDefined();
  });
});
