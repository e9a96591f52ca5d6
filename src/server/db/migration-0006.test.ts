// Migration 0006 on a database holding version 0005's users: each is scheduled from their settings.
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { nextAutoRollover } from "../../shared/rules/auto-rollover.ts";
import { createDb, type Db } from "./database.ts";
import { migrations } from "./migrate.ts";

let db: Db;
let before: Date;
let after: Date;
const iso = "2026-11-22T10:00:00.000Z";

beforeAll(async () => {
  db = createDb({ kind: "sqlite", file: ":memory:" }, { sqliteFile: ":memory:" });
  const migrator = new Migrator({ db: db.kysely, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("0005-refresh-tokens-on-session")).error).toBeUndefined();
  const user = (id: string, timeZone: string) => ({ id, name: id, email: null, avatarUrl: null, timeZone, createdAt: iso, updatedAt: iso });
  await db.kysely
    .insertInto("users")
    .values([user("defaults", "America/New_York"), user("custom", "Asia/Kolkata"), user("off", "UTC"), user("confirming", "UTC")] as never)
    .execute();
  const settings = (userId: string, overrides: object) => ({
    userId,
    autoRolloverEnabled: 1,
    autoRolloverTime: "23:30",
    rolloverTodoTasks: 1,
    stallInProgressTasks: 1,
    deferLargeTasks: 1,
    maxRolloverDays: 7,
    requireConfirmation: 0,
    updatedAt: iso,
    ...overrides,
  });
  await db.kysely
    .insertInto("rolloverSettings")
    .values([
      settings("custom", { autoRolloverTime: "06:15" }),
      settings("off", { autoRolloverEnabled: 0 }),
      settings("confirming", { requireConfirmation: 1 }),
    ] as never)
    .execute();
  before = new Date();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  after = new Date();
});

afterAll(() => db.close());

const slotOf = (id: string) =>
  db.kysely.selectFrom("users").select(["autoRolloverDay", "autoRolloverNextAt"]).where("id", "=", id).executeTakeFirstOrThrow();
/** The slot computed at a moment during the migration (either end, should a due time fall inside it). */
const expectedSlots = (time: string, zone: string) =>
  [before, after].map((at) => {
    const next = nextAutoRollover(time, zone, at);
    return { autoRolloverDay: next.day, autoRolloverNextAt: next.at.toISOString() };
  });

it("0006 schedules users on the defaults and on their own times, and no one whose auto rollover is off or confirmed by hand", async () => {
  expect(expectedSlots("23:30", "America/New_York")).toContainEqual(await slotOf("defaults"));
  expect(expectedSlots("06:15", "Asia/Kolkata")).toContainEqual(await slotOf("custom"));
  expect(await slotOf("off")).toEqual({ autoRolloverDay: null, autoRolloverNextAt: null });
  expect(await slotOf("confirming")).toEqual({ autoRolloverDay: null, autoRolloverNextAt: null });
});

it("0006 indexes the next look, so a tick reads only the due users", async () => {
  const plan = await sql`
    explain query plan select id from users where auto_rollover_next_at <= ${iso} order by auto_rollover_next_at limit 200
  `.execute(db.kysely);
  expect(JSON.stringify(plan.rows)).toContain("USING INDEX users_auto_rollover_next_at_idx");
});
