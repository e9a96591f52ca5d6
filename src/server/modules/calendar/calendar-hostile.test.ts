import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type IcsTestServer, MINUTELY_ZONE_CALENDAR, startIcsTestServer, WORK_CALENDAR } from "../../test/ics-test-server.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../../test/test-app.ts";

const NOW = new Date("2026-03-24T07:00:00Z");
const MINUTE = 60_000;

let ics: IcsTestServer;
beforeAll(async () => {
  ics = await startIcsTestServer();
});
afterAll(() => ics.close());

describeEachDatabase("hostile calendars", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  /** The slowest /healthz answer while the test ran: the main thread must never wait on a calendar. */
  let slowestHealth = 0;
  let polling = false;
  let poller: Promise<void> | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: NOW, config: { calendar: { allowPrivateUrls: true, fetchTimeoutMs: 5000 } } });
    user = await signInTestUser(t.app, { timeZone: "Europe/Berlin" });
    polling = true;
    poller = (async () => {
      while (polling) {
        const started = performance.now();
        const response = await t.app.inject({ method: "GET", url: "/healthz" });
        expect(response.statusCode).toBe(200);
        slowestHealth = Math.max(slowestHealth, performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
  });
  afterEach(() => {
    expect(slowestHealth).toBeLessThan(2000);
  });
  afterAll(async () => {
    polling = false;
    await poller;
    await t.close();
  });

  /** The session's headers with an access token fresh on the test's clock, which the test moves by days. */
  const headers = (owner = user) => {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    const cookie = owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`);
    return { cookie, "x-csrf-token": owner.mutatingHeaders["x-csrf-token"]! };
  };
  const subscribe = (path: string) =>
    t.app.inject({ method: "POST", url: "/api/calendar/subscriptions", headers: headers(), payload: { url: ics.url(path) } });
  const subscriptionOf = async (id: string) => {
    const list = (await t.app.inject({ method: "GET", url: "/api/calendar/subscriptions", headers: headers() })).json();
    return list.find((row: { id: string }) => row.id === id);
  };

  it.each([
    ["/minutely-zone.ics", `The calendar's time zone "Every minute" changes more often than monthly`],
    ["/setpos.ics", `The event "Every minute of the year" repeats by a rule too large to read`],
    ["/overrides.ics", `The event "Moved 1000" has more than 1000 changed occurrences`],
    ["/rdates.ics", `The event "Often" has more than 1000 RDATEs`],
  ])("refuses %s with the reason, the server answering throughout", async (path, reason) => {
    const response = await subscribe(path);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toBe(reason);
  });

  it("keeps the last good copy of a calendar that turns hostile, backs off, pauses after three failures, and reads again on retry", async () => {
    ics.setMutable(WORK_CALENDAR);
    const created = (await subscribe("/mutable.ics")).json();
    expect(created).toMatchObject({ failureCount: 0, paused: false });
    ics.setMutable(MINUTELY_ZONE_CALENDAR);
    const reads = () => ics.requests.filter((path) => path === "/mutable.ics").length;

    // 15 minutes, then 30 and 60: each failed read doubles the wait.
    for (const [wait, failures] of [
      [16, 1],
      [31, 2],
      [61, 3],
    ] as const) {
      const before = reads();
      t.clock.advance((wait - 2) * MINUTE);
      await t.app.calendarRefresh.refreshDueCalendars();
      expect(reads(), `not yet due after ${wait - 2} minutes`).toBe(before);
      t.clock.advance(2 * MINUTE);
      await t.app.calendarRefresh.refreshDueCalendars();
      expect(reads()).toBe(before + 1);
      const row = await subscriptionOf(created.id);
      expect(row).toMatchObject({
        lastError: `The calendar's time zone "Every minute" changes more often than monthly`,
        eventCount: created.eventCount,
        failureCount: failures,
        paused: failures === 3,
      });
    }
    const day = (await t.app.inject({ method: "GET", url: "/api/calendar/events?date=2026-03-24", headers: headers() })).json();
    expect(day.filter((event: { calendarId: string }) => event.calendarId === created.id)).toHaveLength(4);

    // Paused: not read again by the scheduler, however long it waits.
    const before = reads();
    t.clock.advance(7 * 24 * 60 * MINUTE);
    await t.app.calendarRefresh.refreshDueCalendars();
    expect(reads()).toBe(before);

    ics.setMutable(WORK_CALENDAR.replace("SUMMARY:Quarterly review", "SUMMARY:Yearly review"));
    const retried = await t.app.inject({
      method: "POST",
      url: `/api/calendar/subscriptions/${created.id}/retry`,
      headers: headers(),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ failureCount: 0, paused: false, lastError: null });
    expect(reads()).toBe(before + 1);
    t.clock.advance(16 * MINUTE);
    await t.app.calendarRefresh.refreshDueCalendars();
    expect(reads()).toBe(before + 2);

    const other = await signInTestUser(t.app);
    const foreign = await t.app.inject({
      method: "POST",
      url: `/api/calendar/subscriptions/${created.id}/retry`,
      headers: headers(other),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
