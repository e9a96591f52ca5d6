import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type IcsTestServer, startIcsTestServer } from "../test/ics-test-server.ts";
import { signInTestUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

// 22:00 in London on 2026-06-15: the day rolls over at 23:30 there (22:30 UTC).
const NOW = new Date("2026-06-15T21:00:00.000Z");
const DUE = new Date("2026-06-15T22:31:00.000Z");

// Long enough that a tick which waited on the trickling reads could not roll over the day before they fail.
const TRICKLE_TIMEOUT_MS = 20_000;

let ics: IcsTestServer;
beforeAll(async () => {
  ics = await startIcsTestServer();
});
afterAll(() => ics.close());

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number): Promise<void> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describeEachDatabase("calendar reads in the scheduler", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      now: NOW,
      config: {
        rolloverScheduler: { enabled: true, intervalMs: 50 },
        calendar: { allowPrivateUrls: true, fetchTimeoutMs: TRICKLE_TIMEOUT_MS },
      },
    });
  });
  afterAll(() => t.close());

  it("a user's calendars that trickle do not delay another user's automatic rollover", async () => {
    const slow = await signInTestUser(t.app);
    const at = NOW.toISOString();
    await t.db.kysely
      .insertInto("calendarSubscriptions")
      .values(
        Array.from({ length: 8 }, (_, n) => ({
          id: randomUUID(),
          userId: slow.userId,
          name: `Slow ${n}`,
          url: ics.url("/trickle.ics"),
          colour: "#4f46e5",
          enabled: 1 as const,
          lastSuccessAt: null,
          lastError: null,
          lastErrorAt: null,
          contentHash: null,
          expandedOn: null,
          nextFetchAt: at,
          createdAt: at,
          updatedAt: at,
        })),
      )
      .execute();
    await until(() => ics.requests.includes("/trickle.ics"), 5000);

    const dueUser = await signInTestUser(t.app);
    const preferences = await t.app.inject({
      method: "PATCH",
      url: "/api/user/preferences",
      headers: dueUser.mutatingHeaders,
      payload: { timeZone: "Europe/London" },
    });
    expect(preferences.statusCode, preferences.body).toBe(200);
    const slot = () =>
      t.db.kysely.selectFrom("users").select(["autoRolloverDay"]).where("id", "=", dueUser.userId).executeTakeFirstOrThrow();
    expect(await slot()).toEqual({ autoRolloverDay: "2026-06-15" });

    t.clock.now = DUE;
    await until(async () => (await slot()).autoRolloverDay === "2026-06-16", TRICKLE_TIMEOUT_MS / 2);
    const reads = await t.db.kysely.selectFrom("calendarSubscriptions").select(["lastErrorAt", "lastSuccessAt"]).execute();
    expect(reads.every((row) => row.lastErrorAt === null && row.lastSuccessAt === null)).toBe(true);
  });

  it("closes without waiting for the calendars still trickling, and counts none of them as failed", async () => {
    const inFlight = await t.db.kysely.selectFrom("calendarSubscriptions").select("lastErrorAt").execute();
    expect(inFlight.every((row) => row.lastErrorAt === null)).toBe(true);
    const started = Date.now();
    await t.app.close();
    expect(Date.now() - started).toBeLessThan(TRICKLE_TIMEOUT_MS / 4);
    const counted = await t.db.kysely.selectFrom("calendarSubscriptions").select("consecutiveFailures").execute();
    expect(counted.every((row) => Number(row.consecutiveFailures) === 0)).toBe(true);
  });
});
