import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import type { RolloverSummary } from "../../shared/api/rollover.ts";
import type { Task } from "../../shared/api/tasks.ts";
import { type App, buildApp } from "../app.ts";
import { createDb, type Db } from "../db/database.ts";
import { identitiesService } from "../modules/auth/identities.service.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../modules/auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../test/sign-in.ts";
import { autoRolloverRepository } from "../modules/rollover/auto-rollover.repository.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, TEST_SECRET, type TestApp, testConfig } from "../test/test-app.ts";

const MINUTE = 60_000;
const minutes = (date: Date, count: number) => new Date(date.getTime() + count * MINUTE);

describeEachDatabase("auto rollover job", (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  function reading(owner: SignedInUser) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    return { cookie: owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`) };
  }
  function writing(owner: SignedInUser) {
    return { ...reading(owner), "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] };
  }
  async function call<T>(owner: SignedInUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object): Promise<T> {
    const headers = method === "GET" ? reading(owner) : writing(owner);
    const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response.json();
  }
  /** A user in `timeZone` (sent as the browser does after sign-in, which schedules their rollover). */
  async function userIn(timeZone: string, settings?: object): Promise<SignedInUser> {
    const user = await signInTestUser(t.app);
    await call(user, "PATCH", "/api/user/preferences", { timeZone });
    if (settings) await call(user, "PATCH", "/api/rollover/settings", settings);
    return user;
  }
  const createTask = (owner: SignedInUser, date: string, title = "Carry on") => call<Task>(owner, "POST", "/api/tasks", { title, date });
  const datesOf = async (owner: SignedInUser) =>
    (await call<Task[]>(owner, "GET", "/api/tasks/future?startDate=2026-01-01&endDate=2026-12-31")).map((task) => task.date);
  async function summaryOf(owner: SignedInUser, date: string): Promise<RolloverSummary | null> {
    const response = await t.app.inject({ url: `/api/rollover/summary/${date}`, headers: reading(owner) });
    if (response.statusCode === 404) return null;
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  /** Who closed the day: the morning push follows only the scheduler's closes. */
  const closedByOf = async (owner: SignedInUser, date: string) =>
    (
      await t.db.kysely
        .selectFrom("rolloverSummaries")
        .select("closedBy")
        .where("userId", "=", owner.userId)
        .where("date", "=", date)
        .executeTakeFirstOrThrow()
    ).closedBy;
  const tick = () => t.app.autoRollover.runDueRollovers();
  async function slotOf(owner: SignedInUser) {
    return t.db.kysely
      .selectFrom("users")
      .select(["autoRolloverDay", "autoRolloverNextAt"])
      .where("id", "=", owner.userId)
      .executeTakeFirstOrThrow();
  }

  // 23:30 (the default time) on 2026-06-15 in each zone, written out in UTC.
  const zones: Array<[string, string]> = [
    ["Pacific/Kiritimati", "2026-06-15T09:30:00.000Z"], // UTC+14
    ["Pacific/Pago_Pago", "2026-06-16T10:30:00.000Z"], // UTC-11
    ["Asia/Kolkata", "2026-06-15T18:00:00.000Z"], // UTC+5:30
    ["Europe/London", "2026-06-15T22:30:00.000Z"], // BST, UTC+1
    ["America/New_York", "2026-06-16T03:30:00.000Z"], // EDT, UTC-4
  ];

  describe.each(zones)("in %s", (zone, dueIso) => {
    const due = new Date(dueIso);
    beforeEach(() => {
      t.clock.now = minutes(due, -120);
    });

    it("rolls over the day at 23:30 there: nothing the minute before, the day the minute after, once", async () => {
      const user = await userIn(zone);
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-06-15", autoRolloverNextAt: dueIso });
      await createTask(user, "2026-06-15");

      t.clock.now = minutes(due, -1);
      await tick();
      expect(await summaryOf(user, "2026-06-15")).toBeNull();
      expect(await datesOf(user)).toEqual(["2026-06-15"]);

      t.clock.now = minutes(due, 1);
      await tick();
      expect(await summaryOf(user, "2026-06-15")).toMatchObject({ rolledOverCount: 1, reflectionReasons: [] });
      expect(await closedByOf(user, "2026-06-15")).toBe("scheduler");
      expect(await datesOf(user)).toEqual(["2026-06-16"]);
      // The next one is the next day's 23:30.
      expect(await slotOf(user)).toEqual({
        autoRolloverDay: "2026-06-16",
        autoRolloverNextAt: new Date(due.getTime() + 24 * 60 * MINUTE).toISOString(),
      });

      t.clock.now = minutes(due, 2);
      await tick();
      expect(await datesOf(user)).toEqual(["2026-06-16"]);
    });
  });

  describe("America/New_York across daylight saving changes", () => {
    it("runs a time skipped by spring-forward at the first instant after the gap (03:00 EDT)", async () => {
      t.clock.now = new Date("2026-03-07T12:00:00.000Z");
      const user = await userIn("America/New_York", { autoRolloverTime: "02:30" });
      await createTask(user, "2026-03-08");
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-03-08", autoRolloverNextAt: "2026-03-08T07:00:00.000Z" });

      t.clock.now = new Date("2026-03-08T06:59:00.000Z"); // 01:59 EST
      await tick();
      expect(await summaryOf(user, "2026-03-08")).toBeNull();
      t.clock.now = new Date("2026-03-08T07:00:00.000Z"); // 03:00 EDT
      await tick();
      expect(await summaryOf(user, "2026-03-08")).toMatchObject({ rolledOverCount: 1 });
      expect(await datesOf(user)).toEqual(["2026-03-09"]);
      expect((await slotOf(user)).autoRolloverNextAt).toBe("2026-03-09T06:30:00.000Z");
    });

    it("runs a time that occurs twice on the fall-back night once, at its first occurrence", async () => {
      t.clock.now = new Date("2026-10-31T12:00:00.000Z");
      const user = await userIn("America/New_York", { autoRolloverTime: "01:30" });
      const first = await createTask(user, "2026-11-01", "First");

      t.clock.now = new Date("2026-11-01T05:29:00.000Z"); // 01:29 EDT
      await tick();
      expect(await summaryOf(user, "2026-11-01")).toBeNull();
      t.clock.now = new Date("2026-11-01T05:31:00.000Z"); // 01:31 EDT
      await tick();
      expect(await summaryOf(user, "2026-11-01")).toMatchObject({ taskIds: { rollover: [first.id] } });

      // A task added for that day after its rollover stays there through the second 01:30 (EST).
      await createTask(user, "2026-11-01", "Late");
      t.clock.now = new Date("2026-11-01T06:31:00.000Z");
      await tick();
      expect((await call<Task[]>(user, "GET", "/api/tasks?date=2026-11-01")).map((task) => task.title)).toEqual(["Late"]);
      expect((await slotOf(user)).autoRolloverNextAt).toBe("2026-11-02T06:30:00.000Z");
    });
  });

  describe("catch-up and switches", () => {
    it("catches up on the days missed while no server ran, oldest first, none older than maxRolloverDays", async () => {
      t.clock.now = new Date("2026-06-10T12:00:00.000Z");
      const user = await userIn("Asia/Kolkata", { maxRolloverDays: 2 });
      const carried = await createTask(user, "2026-06-10", "Carried");
      for (const date of ["2026-06-11", "2026-06-12", "2026-06-13"]) await createTask(user, date, `On ${date}`);

      // Down from before the 10th's 23:30 (18:00Z) until the 14th at noon in Kolkata.
      t.clock.now = new Date("2026-06-14T06:30:00.000Z");
      const result = await tick();
      expect(result).toEqual({ users: 1, rollovers: 2 });
      // The 10th and 11th are more than two days before the 14th: left for the user to roll over.
      expect(await summaryOf(user, "2026-06-10")).toBeNull();
      expect(await summaryOf(user, "2026-06-11")).toBeNull();
      expect(await summaryOf(user, "2026-06-12")).toMatchObject({ rolledOverCount: 1 });
      // The 12th's task moved to the 13th, which then rolled over with both.
      expect(await summaryOf(user, "2026-06-13")).toMatchObject({ rolledOverCount: 2 });
      expect(
        (await call<Task[]>(user, "GET", "/api/tasks?date=2026-06-14")).map((task) => [task.title, task.rolloverCount]).sort(),
      ).toEqual([
        ["On 2026-06-12", 2],
        ["On 2026-06-13", 1],
      ]);
      expect((await call<Task[]>(user, "GET", "/api/tasks?date=2026-06-10")).map((task) => task.id)).toEqual([carried.id]);
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-06-14", autoRolloverNextAt: "2026-06-14T18:00:00.000Z" });
    });

    it("runs the catch-up when a server starts", async () => {
      t.clock.now = new Date("2026-06-20T12:00:00.000Z");
      const user = await userIn("Europe/London");
      await createTask(user, "2026-06-20");
      t.clock.now = new Date("2026-06-21T09:00:00.000Z");
      const clock = { now: t.clock.now };
      const started = await buildApp(testConfig({ rolloverScheduler: { enabled: true, intervalMs: 3_600_000 } }), {
        db: t.db,
        logger: false,
        now: () => clock.now,
        webRoot: "/nonexistent",
      });
      await started.ready();
      try {
        await expect.poll(() => summaryOf(user, "2026-06-20"), { timeout: 5_000 }).toMatchObject({ rolledOverCount: 1 });
      } finally {
        await started.close();
      }
    });

    it("leaves alone users with auto rollover off or waiting for confirmation, and days already rolled over", async () => {
      t.clock.now = new Date("2026-07-01T12:00:00.000Z");
      const off = await userIn("UTC", { autoRolloverEnabled: false });
      const confirming = await userIn("UTC", { requireConfirmation: true });
      const rolledOverByHand = await userIn("UTC");
      for (const user of [off, confirming, rolledOverByHand]) await createTask(user, "2026-07-01");
      expect(await slotOf(off)).toEqual({ autoRolloverDay: null, autoRolloverNextAt: null });
      expect(await slotOf(confirming)).toEqual({ autoRolloverDay: null, autoRolloverNextAt: null });
      const byHand = await call<RolloverSummary>(rolledOverByHand, "POST", "/api/rollover/trigger", {
        date: "2026-07-01",
        reflectionReasons: ["smooth"],
      });

      t.clock.now = new Date("2026-07-01T23:31:00.000Z");
      await tick();
      expect(await summaryOf(off, "2026-07-01")).toBeNull();
      expect(await summaryOf(confirming, "2026-07-01")).toBeNull();
      expect(await summaryOf(rolledOverByHand, "2026-07-01")).toEqual(byHand);
      expect(await datesOf(off)).toEqual(["2026-07-01"]);
    });

    it("rolls over again the rolled-over days that got unfinished tasks after their rollover, then the due day", async () => {
      t.clock.now = new Date("2026-08-01T12:00:00.000Z");
      const user = await userIn("UTC");
      await t.db.kysely
        .updateTable("users")
        .set({ autoRolloverDay: null, autoRolloverNextAt: null })
        .where("id", "!=", user.userId)
        .execute();
      const early = await createTask(user, "2026-08-01", "Early");
      // Rolled over by hand at noon; a task added that afternoon is rolled over with the day at 23:30.
      await call(user, "POST", "/api/rollover/trigger", { date: "2026-08-01", reflectionReasons: ["smooth"] });
      const afternoon = await createTask(user, "2026-08-01", "Afternoon");
      t.clock.now = new Date("2026-08-01T23:31:00.000Z");
      expect(await tick()).toEqual({ users: 1, rollovers: 1 });
      expect(await summaryOf(user, "2026-08-01")).toMatchObject({
        taskIds: { rollover: [early.id, afternoon.id] },
        reflectionReasons: ["smooth"],
      });

      // The next day, a task is added to the rolled-over 1st: the 2nd's run moves it on, then rolls over the 2nd.
      t.clock.now = new Date("2026-08-02T12:00:00.000Z");
      const late = await createTask(user, "2026-08-01", "Late");
      t.clock.now = new Date("2026-08-02T23:31:00.000Z");
      expect(await tick()).toEqual({ users: 1, rollovers: 2 });
      expect((await summaryOf(user, "2026-08-01"))?.taskIds.rollover).toEqual([early.id, afternoon.id, late.id]);
      expect(
        (await call<Task[]>(user, "GET", "/api/tasks?date=2026-08-03")).map((task) => [task.title, task.rolloverCount]).sort(),
      ).toEqual([
        ["Afternoon", 2],
        ["Early", 2],
        ["Late", 2],
      ]);
      expect(await call<Task[]>(user, "GET", "/api/tasks?date=2026-08-01")).toEqual([]);
    });

    it("rolls over due users' days together: repeating tasks' occurrences made first, each user's pages told", async () => {
      t.clock.now = new Date("2026-09-01T12:00:00.000Z");
      const [repeating, plain] = [await userIn("UTC"), await userIn("UTC")];
      await t.db.kysely
        .updateTable("users")
        .set({ autoRolloverDay: null, autoRolloverNextAt: null })
        .where("id", "not in", [repeating.userId, plain.userId])
        .execute();
      await call(repeating, "POST", "/api/tasks", { title: "Stretch", date: "2026-08-30", recurrence: "FREQ=DAILY" });
      const [first, second] = [await createTask(repeating, "2026-09-01"), await createTask(plain, "2026-09-01")];
      const occurrencesOn = (date: string) =>
        t.db.kysely.selectFrom("tasks").select("id").where("userId", "=", repeating.userId).where("occurrenceDate", "=", date).execute();
      expect(await occurrencesOn("2026-09-01")).toEqual([]);
      const told: string[] = [];
      const listening = await t.db.listenForChanges({
        onNotice: (notice) => {
          if (notice.kinds.includes("rollover")) told.push(notice.userId);
        },
        onListening: () => {},
        onError: () => {},
      });
      try {
        t.clock.now = new Date("2026-09-01T23:31:00.000Z");
        expect(await tick()).toEqual({ users: 2, rollovers: 2 });
        const [occurrence] = await occurrencesOn("2026-09-01");
        // The occurrence is not moved: the series has one on the next day too.
        expect(await summaryOf(repeating, "2026-09-01")).toMatchObject({ taskIds: { rollover: [first.id], skip: [occurrence!.id] } });
        expect(await summaryOf(plain, "2026-09-01")).toMatchObject({ taskIds: { rollover: [second.id] } });
        expect(await closedByOf(plain, "2026-09-01")).toBe("scheduler");
        await expect.poll(() => [...told].sort()).toEqual([repeating.userId, plain.userId].sort());
      } finally {
        await listening.close();
      }
    });

    it("moves the next run when the settings or the time zone change, and stops it when switched off", async () => {
      t.clock.now = new Date("2026-07-05T12:00:00.000Z");
      const user = await userIn("UTC");
      expect((await slotOf(user)).autoRolloverNextAt).toBe("2026-07-05T23:30:00.000Z");
      await call(user, "PATCH", "/api/rollover/settings", { autoRolloverTime: "18:45" });
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-07-05", autoRolloverNextAt: "2026-07-05T18:45:00.000Z" });
      await call(user, "PATCH", "/api/rollover/settings", { autoRolloverTime: "09:00" });
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-07-06", autoRolloverNextAt: "2026-07-06T09:00:00.000Z" });
      await call(user, "PATCH", "/api/user/preferences", { timeZone: "Asia/Kolkata" });
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-07-06", autoRolloverNextAt: "2026-07-06T03:30:00.000Z" });
      await call(user, "PATCH", "/api/rollover/settings", { requireConfirmation: true });
      expect(await slotOf(user)).toEqual({ autoRolloverDay: null, autoRolloverNextAt: null });
      await call(user, "PATCH", "/api/rollover/settings", { requireConfirmation: false });
      expect((await slotOf(user)).autoRolloverNextAt).toBe("2026-07-06T03:30:00.000Z");
    });

    it("takes a claim whose scheduler died again when its lease ends, and rolls over the pending day then", async () => {
      t.clock.now = new Date("2026-09-01T12:00:00.000Z");
      const user = await userIn("UTC");
      await createTask(user, "2026-09-01");
      // The earlier tests' users are unscheduled, so the claims below are about this user alone.
      await t.db.kysely
        .updateTable("users")
        .set({ autoRolloverDay: null, autoRolloverNextAt: null })
        .where("id", "!=", user.userId)
        .execute();
      // Another scheduler claims the user at 23:30 and dies before rolling over the day.
      const claimedAt = new Date("2026-09-01T23:30:30.000Z");
      const lease = new Date(claimedAt.getTime() + 5 * MINUTE).toISOString();
      const claimed = await autoRolloverRepository(t.db.kysely).claimDueUsers(claimedAt.toISOString(), 10, lease);
      expect(claimed.map((due) => due.id)).toEqual([user.userId]);

      t.clock.now = minutes(claimedAt, 4);
      expect(await tick()).toEqual({ users: 0, rollovers: 0 });
      expect(await summaryOf(user, "2026-09-01")).toBeNull();
      t.clock.now = minutes(claimedAt, 6);
      expect(await tick()).toEqual({ users: 1, rollovers: 1 });
      expect(await summaryOf(user, "2026-09-01")).toMatchObject({ rolledOverCount: 1 });
      expect(await slotOf(user)).toEqual({ autoRolloverDay: "2026-09-02", autoRolloverNextAt: "2026-09-02T23:30:00.000Z" });
    });

    it("schedules a user created at sign-in with the defaults (23:30, their zone once the browser sends it)", async () => {
      t.clock.now = new Date("2026-09-10T12:00:00.000Z");
      const userId = await identitiesService({ kysely: t.db.kysely, now: () => t.clock.now }).upsertUserFromClaims({
        iss: "https://issuer.example",
        sub: randomUUID(),
        name: "New",
      });
      const slot = await t.db.kysely
        .selectFrom("users")
        .select(["autoRolloverDay", "autoRolloverNextAt"])
        .where("id", "=", userId)
        .executeTakeFirstOrThrow();
      expect(slot).toEqual({ autoRolloverDay: "2026-09-10", autoRolloverNextAt: "2026-09-10T23:30:00.000Z" });
    });

    it("answers a tick with nobody due with nothing", async () => {
      t.clock.now = new Date("2025-01-01T00:00:00.000Z");
      expect(await tick()).toEqual({ users: 0, rollovers: 0 });
    });
  });
});

// Two instances (each its own pool, so transactions and row locks are as separate as two processes') race for the same due users.
describe.skipIf(!inject("postgresUrl"))("auto rollover on two instances [postgres]", () => {
  const USERS = 450; // more than a claim batch (200), so the instances take turns
  const DAY = "2026-08-03";
  const now = new Date("2026-08-03T23:31:00.000Z");
  let closeDatabase: () => Promise<void>;
  let first: { app: App; db: Db };
  let second: { app: App; db: Db };

  beforeAll(async () => {
    const database = await createTestDatabase("postgres");
    closeDatabase = database.db.close;
    const otherDb = createDb({ kind: "postgres", url: database.url!, schema: database.db.schema! });
    const start = async (db: Db) => {
      const app = await buildApp(testConfig(), { db, logger: false, now: () => now, webRoot: "/nonexistent" });
      await app.ready();
      return { app, db };
    };
    first = await start(database.db);
    second = await start(otherDb);

    const iso = now.toISOString();
    const users = Array.from({ length: USERS }, () => ({
      id: randomUUID(),
      name: "Racer",
      email: null,
      avatarUrl: null,
      timeZone: "UTC",
      autoRolloverDay: DAY,
      autoRolloverNextAt: "2026-08-03T23:30:00.000Z",
      createdAt: iso,
      updatedAt: iso,
    }));
    await database.db.kysely.insertInto("users").values(users).execute();
    const tasks = users.flatMap((user) =>
      [1, 2].map((n) => ({
        id: randomUUID(),
        userId: user.id,
        title: `Task ${n}`,
        status: "todo" as const,
        date: DAY,
        firstPlannedDate: DAY,
        createdAt: iso,
        updatedAt: iso,
      })),
    );
    await database.db.kysely.insertInto("tasks").values(tasks).execute();
  });
  afterAll(async () => {
    await first?.app.close();
    await second?.app.close();
    await second?.db.close();
    await closeDatabase?.();
  });

  it("rolls over each (user, day) exactly once", async () => {
    const [a, b] = await Promise.all([first.app.autoRollover.runDueRollovers(), second.app.autoRollover.runDueRollovers()]);
    expect(a.rollovers + b.rollovers).toBe(USERS);
    expect(a.users + b.users).toBe(USERS);
    // Both took part: the race really happened.
    expect(a.users).toBeGreaterThan(0);
    expect(b.users).toBeGreaterThan(0);

    const kysely = first.db.kysely;
    const summaries = await kysely.selectFrom("rolloverSummaries").select(["userId", "date", "rolledOverCount"]).execute();
    expect(summaries).toHaveLength(USERS);
    expect(new Set(summaries.map((summary) => summary.userId)).size).toBe(USERS);
    expect(summaries.every((summary) => summary.date === DAY && summary.rolledOverCount === 2)).toBe(true);
    const tasks = await kysely.selectFrom("tasks").select(["date", "rolloverCount", "rolledOverFromDate"]).execute();
    expect(tasks.every((task) => task.date === "2026-08-04" && task.rolloverCount === 1 && task.rolledOverFromDate === DAY)).toBe(true);
    const slots = await kysely.selectFrom("users").select(["autoRolloverDay", "autoRolloverNextAt"]).distinct().execute();
    expect(slots).toEqual([{ autoRolloverDay: "2026-08-04", autoRolloverNextAt: "2026-08-04T23:30:00.000Z" }]);

    // Running again on both changes nothing.
    const again = await Promise.all([first.app.autoRollover.runDueRollovers(), second.app.autoRollover.runDueRollovers()]);
    expect(again).toEqual([
      { users: 0, rollovers: 0 },
      { users: 0, rollovers: 0 },
    ]);
  });
});
