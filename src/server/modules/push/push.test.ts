import { afterAll, beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { PushSettings, PushSubscriptionView } from "../../../shared/api/push.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type LocalPushService, type LocalSubscription, startLocalPushService } from "../../test/local-push-service.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../../test/test-app.ts";

const MINUTE = 60_000;

describeEachDatabase("web push", (dialect) => {
  let t: TestApp;
  let pushService: LocalPushService;
  let user: SignedInUser;
  let heard = 0;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { push: { allowPrivateEndpoints: true, subject: "mailto:test@example.com" } } });
    pushService = await startLocalPushService();
    const noticed = t.app.push.noticed.bind(t.app.push);
    t.app.push.noticed = (notice) => {
      heard++;
      noticed(notice);
    };
    // live.test.ts ends every 'daywise-live' connection on the server, this job's too when the files run side by
    // side: a notice sent meanwhile is lost, and the reconnection's gap (every user looked at again) stands for it.
    const noticedGap = t.app.push.noticedGap.bind(t.app.push);
    t.app.push.noticedGap = () => {
      heard++;
      noticedGap();
    };
    await t.app.push.listen();
  });
  beforeEach(async () => {
    t.clock.now = new Date("2026-06-10T09:00:00.000Z");
    user = await signInTestUser(t.app);
  });
  afterAll(async () => {
    await t.close();
    await pushService.close();
  });

  /** Cookies with an access token valid on the test clock, which these tests move. */
  function headersOf(owner: SignedInUser, mutating: boolean) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    const cookie = owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`);
    return {
      cookie,
      "user-agent": "Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36",
      ...(mutating ? { "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] } : {}),
    };
  }
  async function call<T>(owner: SignedInUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: headersOf(owner, method !== "GET"), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() as T };
  }
  async function subscribe(owner: SignedInUser): Promise<{ device: LocalSubscription; view: PushSubscriptionView }> {
    const key = await call<{ publicKey: string }>(owner, "GET", "/api/push/vapid-public-key");
    const device = await pushService.subscribe(key.body.publicKey);
    const created = await call<PushSubscriptionView>(owner, "POST", "/api/push/subscriptions", {
      endpoint: device.endpoint,
      keys: device.keys,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return { device, view: created.body };
  }
  /** A write, once its commit's notice has reached the push job (PostgreSQL's comes through LISTEN). */
  async function write<T>(owner: SignedInUser, method: "POST" | "PATCH", url: string, payload: object) {
    const before = heard;
    const answer = await call<T>(owner, method, url, payload);
    // A refused write makes no notice: its status is the test's to report, not a wait's timeout.
    if (answer.status >= 400) return answer;
    // Waits as long as a test may: vi.waitFor's own 1 s was too short for a LISTEN notice on a busy CI machine.
    await vi.waitFor(() => expect(heard).toBeGreaterThan(before), { timeout: 15_000 });
    return answer;
  }
  const tick = () => t.app.push.tick();
  const titles = (device: LocalSubscription) => pushService.received(device).map((message) => message.title);

  it("hands out one VAPID key, lists the device by its browser, and sends the test push to it", async () => {
    const first = await call<{ publicKey: string }>(user, "GET", "/api/push/vapid-public-key");
    const again = await call<{ publicKey: string }>(user, "GET", "/api/push/vapid-public-key");
    expect(first.body.publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(again.body.publicKey).toBe(first.body.publicKey);

    const { device, view } = await subscribe(user);
    expect(view).toMatchObject({ deviceName: "Chrome on Android", lastUsedAt: null });
    const test = await call<{ devices: number }>(user, "POST", "/api/push/test");
    expect(test).toEqual({ status: 202, body: { devices: 1 } });
    expect((await tick()).sent).toBe(1);
    expect(pushService.received(device)).toEqual([
      { title: "Daywise notifications are on", body: "Reminders will reach this device", url: "/settings?tab=notifications", tag: "test" },
    ]);
    const listed = await call<PushSubscriptionView[]>(user, "GET", "/api/push/subscriptions");
    expect(listed.body).toEqual([{ ...view, lastUsedAt: t.clock.now.toISOString() }]);

    expect((await call(user, "DELETE", `/api/push/subscriptions/${view.id}`)).status).toBe(200);
    expect((await call<PushSubscriptionView[]>(user, "GET", "/api/push/subscriptions")).body).toEqual([]);
  });

  it("refuses an endpoint that is not a web address, and keeps at most 20 devices", async () => {
    const key = (await call<{ publicKey: string }>(user, "GET", "/api/push/vapid-public-key")).body.publicKey;
    const bad = await call(user, "POST", "/api/push/subscriptions", { endpoint: "not a url", keys: { p256dh: "AAAA", auth: "BBBB" } });
    expect(bad.status).toBe(400);
    for (let i = 0; i < 20; i++) {
      const device = await pushService.subscribe(key);
      expect((await call(user, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys })).status).toBe(201);
    }
    const device = await pushService.subscribe(key);
    expect((await call(user, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys })).status).toBe(409);
  });

  it("deletes a device its push service answers 410 for", async () => {
    const { device } = await subscribe(user);
    pushService.expire(device);
    await call(user, "POST", "/api/push/test");
    expect((await tick()).sent).toBe(0);
    expect((await call<PushSubscriptionView[]>(user, "GET", "/api/push/subscriptions")).body).toEqual([]);
  });

  it("retries a push the service refused with back-off, and drops it once it is no longer worth sending", async () => {
    const { device } = await subscribe(user);
    const stranger = await pushService.subscribe(
      (await call<{ publicKey: string }>(user, "GET", "/api/push/vapid-public-key")).body.publicKey,
    );
    await call(user, "POST", "/api/push/subscriptions", { endpoint: `${pushService.url}/notify/unknown`, keys: stranger.keys });
    await call(user, "POST", "/api/push/test");
    expect((await tick()).sent).toBe(1);
    const queued = () =>
      t.db.kysely.selectFrom("pushMessages").select(["attempts", "error", "nextAttemptAt"]).where("userId", "=", user.userId).execute();
    expect(await queued()).toEqual([
      { attempts: 1, error: "The push service answered 400", nextAttemptAt: new Date(t.clock.now.getTime() + 5000).toISOString() },
    ]);
    await tick();
    expect((await queued())[0]!.attempts).toBe(1);
    t.clock.advance(5000);
    await tick();
    expect((await queued())[0]!.attempts).toBe(2);
    t.clock.advance(60 * MINUTE);
    await tick();
    expect(await queued()).toEqual([]);
    expect(titles(device)).toEqual(["Daywise notifications are on"]);
  });

  it("reminds of a timed task's start once, five minutes before, to its owner's devices only, and again at a moved time", async () => {
    const { device } = await subscribe(user);
    const other = await signInTestUser(t.app);
    const { device: othersDevice } = await subscribe(other);
    await tick();
    const created = await write<Task>(user, "POST", "/api/tasks", {
      title: "Write the report",
      date: "2026-06-10",
      scheduledStartTime: "09:06",
    });
    expect(created.status).toBe(201);
    await tick();
    expect(titles(device)).toEqual([]);

    t.clock.advance(MINUTE);
    expect((await tick()).sent).toBe(1);
    expect(pushService.received(device)).toEqual([
      {
        title: "Starts in 5 minutes: Write the report",
        body: "At 09:06",
        url: `/?task=${created.body.id}`,
        tag: `start-${created.body.id}`,
      },
    ]);
    t.clock.advance(MINUTE);
    await tick();
    expect(titles(device)).toHaveLength(1);
    expect(titles(othersDevice)).toEqual([]);

    await write(user, "PATCH", `/api/tasks/${created.body.id}`, { scheduledStartTime: "09:30" });
    await tick();
    t.clock.advance(20 * MINUTE);
    await tick();
    expect(titles(device)).toHaveLength(1);
    t.clock.advance(3 * MINUTE);
    await tick();
    expect(titles(device)).toEqual(["Starts in 5 minutes: Write the report", "Starts in 5 minutes: Write the report"]);
    expect(titles(othersDevice)).toEqual([]);
  });

  it("holds reminders through quiet hours: one whose moment passed is dropped, the rest wait for the end", async () => {
    const { device } = await subscribe(user);
    const settings = await call<PushSettings>(user, "PATCH", "/api/push/settings", {
      quietStart: "08:00",
      quietEnd: "09:10",
      wrapUp: true,
      wrapUpTime: "09:02",
    });
    expect(settings.body).toMatchObject({ taskStart: true, taskStartLeadMinutes: 5, wrapUp: true, quietEnd: "09:10" });
    await write(user, "POST", "/api/tasks", { title: "Stand-up", date: "2026-06-10", scheduledStartTime: "09:05" });
    await write(user, "POST", "/api/tasks", { title: "Review", date: "2026-06-10", scheduledStartTime: "09:13" });
    for (let minute = 0; minute < 9; minute++) {
      t.clock.advance(MINUTE);
      await tick();
    }
    expect(titles(device)).toEqual([]);
    t.clock.advance(MINUTE);
    await tick();
    expect(titles(device).sort()).toEqual(["Starts in 5 minutes: Review", "Time to wrap up your day"]);
  });

  /** A closed 2026-06-09 with 3 tasks rolled over. */
  async function closed(owner: SignedInUser, closedBy: "user" | "scheduler") {
    await t.db.kysely
      .insertInto("rolloverSummaries")
      .values({
        id: `summary-${owner.userId}`,
        userId: owner.userId,
        date: "2026-06-09",
        rolledOverCount: 3,
        stalledCount: 0,
        deferredCount: 0,
        reviewCount: 0,
        taskIds: JSON.stringify({ rollover: [], stall: [], defer: [], review: [] }),
        completedCount: 1,
        totalCount: 4,
        plannedMinutes: 0,
        actualMinutes: 0,
        reflectionReasons: "[]",
        createdAt: "2026-06-09T23:30:00.000Z",
        closedBy,
      })
      .execute();
  }

  it("tells the morning after a close how many tasks rolled over, once, when quiet hours end", async () => {
    t.clock.now = new Date("2026-06-10T06:58:00.000Z");
    await closed(user, "scheduler");
    const { device } = await subscribe(user);
    await tick();
    t.clock.advance(MINUTE);
    await tick();
    expect(titles(device)).toEqual([]);
    t.clock.advance(MINUTE);
    await tick();
    t.clock.advance(MINUTE);
    await tick();
    expect(pushService.received(device)).toEqual([
      { title: "3 tasks rolled over to today", body: "Open Daywise to plan your day", url: "/", tag: "rolled-over" },
    ]);
  });

  it("sends no morning notice after a day the user closed themselves: they saw what moved", async () => {
    t.clock.now = new Date("2026-06-10T07:05:00.000Z");
    const planner = await signInTestUser(t.app, { timeZone: "UTC" });
    await closed(planner, "user");
    const { device } = await subscribe(planner);
    await tick();
    expect(titles(device)).toEqual([]);
  });

  it("tells of a stalled task once, and of a goal due within 3 days with tasks left once a day", async () => {
    const { device } = await subscribe(user);
    const goal = await write<{ id: string }>(user, "POST", "/api/goals", { title: "Launch", targetDate: "2026-06-12" });
    const task = await write<Task>(user, "POST", "/api/tasks", { title: "Water the plants", date: "2026-06-10", goalId: goal.body.id });
    await tick();
    expect(titles(device)).toEqual(["Goal due soon"]);
    expect(pushService.received(device)[0]!.body).toBe("Launch is due in 2 days, with 1 task still to do");

    const at = t.clock.now.toISOString();
    await t.db.kysely.updateTable("tasks").set({ status: "stalled", updatedAt: at }).where("id", "=", task.body.id).execute();
    await t.app.push.service.checkSoon([user.userId]);
    await tick();
    t.clock.advance(30 * MINUTE);
    await t.app.push.service.checkSoon([user.userId]);
    await tick();
    expect(titles(device)).toEqual(["Goal due soon", "Task stalled"]);

    t.clock.advance(24 * 60 * MINUTE);
    await t.app.push.service.checkSoon([user.userId]);
    await tick();
    expect(titles(device)).toEqual(["Goal due soon", "Task stalled", "Goal due soon"]);
  });

  it("gives a browser's endpoint to the account that subscribed it last, and stops looking at the one left without a device", async () => {
    const { device } = await subscribe(user);
    const other = await signInTestUser(t.app);
    const moved = await call(other, "POST", "/api/push/subscriptions", { endpoint: device.endpoint, keys: device.keys });
    expect(moved.status).toBe(201);
    expect((await call<PushSubscriptionView[]>(user, "GET", "/api/push/subscriptions")).body).toEqual([]);
    await write(user, "POST", "/api/tasks", { title: "Private plan", date: "2026-06-10", scheduledStartTime: "09:03" });
    await tick();
    const settings = await t.db.kysely
      .selectFrom("pushSettings")
      .select("nextCheckAt")
      .where("userId", "=", user.userId)
      .executeTakeFirstOrThrow();
    expect(settings.nextCheckAt).toBe("9999-12-31T00:00:00.000Z");
    expect(titles(device)).toEqual([]);
  });
});
