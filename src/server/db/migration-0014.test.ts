// Migration 0014 on a database holding version 0013's tasks: each column keeps its order.
import { Migrator } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createDb, type Db } from "./database.ts";
import { migrations } from "./migrate.ts";

let db: Db;
const at = (minute: number) => `2026-11-22T10:${String(minute).padStart(2, "0")}:00.000Z`;

beforeAll(async () => {
  db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0013-in-progress-sessions-index")).error).toBeUndefined();
  const user = (id: string) => ({ id, name: id, email: null, avatarUrl: null, timeZone: "UTC", createdAt: at(0), updatedAt: at(0) });
  await db.kysely
    .insertInto("users")
    .values([user("u1"), user("u2")] as never)
    .execute();
  const task = (id: string, userId: string, date: string | null, minute: number) => ({
    id,
    userId,
    title: id,
    status: "todo",
    date,
    createdAt: at(minute),
    updatedAt: at(minute),
  });
  // Inserted out of creation order, so the numbering cannot come from the rowid.
  await db.kysely
    .insertInto("tasks")
    .values([
      task("day-third", "u1", "2026-11-22", 30),
      task("day-first", "u1", "2026-11-22", 10),
      task("other-day", "u1", "2026-11-23", 5),
      task("day-second", "u1", "2026-11-22", 20),
      task("unscheduled-second", "u1", null, 40),
      task("unscheduled-first", "u1", null, 35),
      task("other-user", "u2", "2026-11-22", 1),
    ] as never)
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
});

afterAll(() => db.close());

it("numbers each user's day (and unscheduled tasks) 1, 2, ... in creation order", async () => {
  const rows = await db.kysely.selectFrom("tasks").select(["id", "position"]).orderBy("id").execute();
  expect(Object.fromEntries(rows.map((row) => [row.id, row.position]))).toEqual({
    "day-first": 1,
    "day-second": 2,
    "day-third": 3,
    "other-day": 1,
    "other-user": 1,
    "unscheduled-first": 1,
    "unscheduled-second": 2,
  });
});

it("gives a row inserted without a position 0", async () => {
  await db.kysely
    .insertInto("tasks")
    .values({ id: "late", userId: "u1", title: "late", status: "todo", date: null, createdAt: at(50), updatedAt: at(50) } as never)
    .execute();
  const row = await db.kysely.selectFrom("tasks").select("position").where("id", "=", "late").executeTakeFirstOrThrow();
  expect(row.position).toBe(0);
});
