// Migrations 0009 and 0010 on a database holding tasks from before them: 0009 gives each existing
// task its title's words, 0010 keys those words by the task's new search key; search then finds
// them, tasks written afterwards get larger keys, and both go back down and up again.
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { taskSearchRepository } from "../modules/task-search/task-search.repository.ts";
import { tasksRepository } from "../modules/tasks/tasks.repository.ts";
import { createTestDatabase, describeEachDatabase, type TestDatabase, testMigrator } from "../test/test-app.ts";

const iso = "2026-11-22T10:00:00.000Z";

describeEachDatabase("migration 0010", (dialect) => {
  let database: TestDatabase;
  const titlesFound = async (userId: string, words: string[]) =>
    (await taskSearchRepository(database.db.kysely).searchTasks(userId, words, 50)).map((task) => task.title);

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { upTo: "0008-insights" });
    const kysely = database.db.kysely;
    for (const user of ["u1", "u2"]) {
      await sql`insert into users (id, name, email, avatar_url, time_zone, created_at, updated_at)
                values (${user}, ${user}, null, null, 'UTC', ${iso}, ${iso})`.execute(kysely);
    }
    const tasks = [
      ["t1", "u1", "Older task title", "2026-11-20"],
      ["t2", "u1", "Call the bank", null],
      ["t3", "u2", "Older notes", "2026-11-21"],
    ] as const;
    for (const [id, user, title, date] of tasks) {
      await sql`insert into tasks (id, user_id, title, status, date, created_at, updated_at)
                values (${id}, ${user}, ${title}, 'todo', ${date}, ${iso}, ${iso})`.execute(kysely);
    }
    const { error } = await testMigrator(database.db).migrateToLatest();
    expect(error).toBeUndefined();
  });
  afterAll(() => database.db.close());

  it("keys the words of the tasks from before it by their tasks' new search keys", async () => {
    const rows = await sql<{ word: string; owner: string; title: string }>`
      select task_words.word, task_words.user_id as owner, tasks.title
      from task_words join tasks on tasks.search_key = task_words.task_key
      order by tasks.title, task_words.word
    `.execute(database.db.kysely);
    expect(rows.rows).toEqual([
      { word: "bank", owner: "u1", title: "Call the bank" },
      { word: "call", owner: "u1", title: "Call the bank" },
      { word: "the", owner: "u1", title: "Call the bank" },
      { word: "notes", owner: "u2", title: "Older notes" },
      { word: "older", owner: "u2", title: "Older notes" },
      { word: "older", owner: "u1", title: "Older task title" },
      { word: "task", owner: "u1", title: "Older task title" },
      { word: "title", owner: "u1", title: "Older task title" },
    ]);
    const keys = await sql<{ key: number | string }>`select search_key as key from tasks`.execute(database.db.kysely);
    expect(new Set(keys.rows.map((row) => Number(row.key))).size).toBe(3);
    expect(await titlesFound("u1", ["older"])).toEqual(["Older task title"]);
    expect(await titlesFound("u2", ["older"])).toEqual(["Older notes"]);
  });

  it("gives tasks written afterwards larger keys, and their words; a deleted task's words go with it", async () => {
    const repository = tasksRepository(database.db.kysely, dialect);
    await repository.insertTasks("u1", [
      { id: "t4", title: "Older habits", status: "todo", date: "2026-11-22", createdAt: iso, updatedAt: iso },
      { id: "t5", title: "Bank visit", status: "todo", date: null, createdAt: iso, updatedAt: iso },
    ]);
    const keys = await sql<{ id: string; key: number | string }>`select id, search_key as key from tasks order by id`.execute(
      database.db.kysely,
    );
    const keyOf = Object.fromEntries(keys.rows.map((row) => [row.id, Number(row.key)]));
    expect(keyOf.t4).toBeGreaterThan(Math.max(keyOf.t1!, keyOf.t2!, keyOf.t3!));
    expect(keyOf.t5).toBeGreaterThan(keyOf.t4!);
    expect(await titlesFound("u1", ["older"])).toEqual(["Older habits", "Older task title"]);
    expect(await titlesFound("u1", ["bank"])).toEqual(["Call the bank", "Bank visit"]);

    await repository.deleteTask("u1", "t5");
    const left = await sql<{ n: number | string }>`select count(*) as n from task_words where task_key = ${keyOf.t5}`.execute(
      database.db.kysely,
    );
    expect(Number(left.rows[0]!.n)).toBe(0);
  });

  it("goes back down to 0009 (words by task id) and up again", async () => {
    const migrator = testMigrator(database.db);
    expect((await migrator.migrateTo("0009-task-words")).error).toBeUndefined();
    const down = await sql<{
      id: string;
      word: string;
    }>`select task_id as id, word from task_words where word = 'older' order by task_id`.execute(database.db.kysely);
    expect(down.rows).toEqual([
      { id: "t1", word: "older" },
      { id: "t3", word: "older" },
      { id: "t4", word: "older" },
    ]);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    expect(await titlesFound("u1", ["older"])).toEqual(["Older habits", "Older task title"]);
    expect(await titlesFound("u1", ["call", "ba"])).toEqual(["Call the bank"]);
  });
});
