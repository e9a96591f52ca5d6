import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { createDb, type Db } from "../db/database.ts";
import { createAccessToken, SESSION_ABSOLUTE_TTL_MS } from "../modules/auth/session-tokens.ts";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp, testConfig } from "../test/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

// Each case first uses the cookie twice, so that nothing kept from those answers may carry it on.
describeEachDatabase("authenticate: a checked cookie stops working at once", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  const userCall = (cookie: string) => t.app.inject({ url: "/api/user", headers: { cookie } });
  const signedIn = async (): Promise<SignedInUser> => {
    const user = await signInTestUser(t.app);
    expect((await userCall(user.headers.cookie)).statusCode).toBe(200);
    expect((await userCall(user.headers.cookie)).statusCode).toBe(200);
    return user;
  };

  it("after logout", async () => {
    const user = await signedIn();
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.mutatingHeaders })).statusCode).toBe(200);
    expect((await userCall(user.headers.cookie)).statusCode).toBe(401);
  });

  it("when its session is revoked by any writer of the database", async () => {
    const user = await signedIn();
    await t.db.kysely.updateTable("sessions").set({ revokedAt: t.app.now().toISOString() }).where("id", "=", user.sessionId).execute();
    expect((await userCall(user.headers.cookie)).statusCode).toBe(401);
  });

  it("when the cookie expires, with nothing written meanwhile", async () => {
    const user = await signedIn();
    t.clock.advance(61 * 60 * 1000);
    expect((await userCall(user.headers.cookie)).statusCode).toBe(401);
  });

  it("when the session reaches its absolute expiry, whatever the cookie says", async () => {
    const user = await signedIn();
    // A cookie signed to outlive its session (as a long-open tab's would, refreshed to the end).
    const longCookie = `access_token=${createAccessToken(TEST_SECRET, user.sessionId, new Date(t.app.now().getTime() + 90 * DAY_MS))}`;
    expect((await userCall(longCookie)).statusCode).toBe(200);
    expect((await userCall(longCookie)).statusCode).toBe(200);
    t.clock.advance(SESSION_ABSOLUTE_TTL_MS + 1000);
    expect((await userCall(longCookie)).statusCode).toBe(401);
  });

  it("is never taken for another, forged cookie of the same session", async () => {
    const user = await signedIn();
    const forged = user.headers.cookie.replace(/access_token=([^.;]+)\.(\d+)\.[^;]+/, "access_token=$1.$2.forged");
    expect(forged).not.toBe(user.headers.cookie);
    expect((await userCall(forged)).statusCode).toBe(401);
  });
});

// The product rule: a logout or a revoked session is refused on every instance within 5 seconds.
// Every request reads its session, so the other instance refuses it on its very next request.
describeEachDatabase("authenticate: several instances on one database", (dialect) => {
  let t: TestApp;
  let other: Db;
  let otherApp: App;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    if (dialect !== "postgres") return;
    other = createDb({ kind: "postgres", url: t.url!, schema: t.db.schema! });
    otherApp = await buildApp(testConfig(), { db: other, logger: false, now: () => t.clock.now, webRoot: "/nonexistent" });
  });
  afterAll(async () => {
    await otherApp?.close();
    await other?.close();
    await t.close();
  });

  const userCall = (app: App, cookie: string) => app.inject({ url: "/api/user", headers: { cookie } });
  const signedInOnBoth = async (): Promise<SignedInUser> => {
    const user = await signInTestUser(t.app);
    for (const app of [t.app, otherApp, otherApp]) expect((await userCall(app, user.headers.cookie)).statusCode).toBe(200);
    return user;
  };
  const refresh = (app: App, user: SignedInUser, refreshToken = user.refreshToken): Promise<LightMyRequestResponse> =>
    app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { cookie: `refresh_token=${refreshToken}; csrfToken=${user.csrfToken}`, "x-csrf-token": user.csrfToken },
    });

  it.runIf(dialect === "postgres")("a logout on one instance is refused by the other at once", async () => {
    const user = await signedInOnBoth();
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.mutatingHeaders })).statusCode).toBe(200);
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(401);
  });

  it.runIf(dialect === "postgres")(
    "a session revoked on one instance (a replayed refresh token) is refused by the other at once",
    async () => {
      const user = await signedInOnBoth();
      expect((await refresh(t.app, user)).statusCode).toBe(200);
      t.clock.advance(11 * 1000); // past the refresh grace: presenting the rotated token again is a replay
      expect((await refresh(t.app, user)).statusCode).toBe(401);
      expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(401);
    },
  );

  it.runIf(dialect === "postgres")("a write on one instance shows in the other's kept answers at once", async () => {
    const user = await signedInOnBoth();
    const day = t.app.now().toISOString().slice(0, 10);
    const titles = async (app: App) =>
      ((await app.inject({ url: `/api/tasks?date=${day}`, headers: user.headers })).json() as Array<{ title: string }>).map(
        (task) => task.title,
      );
    expect(await titles(otherApp)).toEqual([]);
    expect(await titles(otherApp)).toEqual([]);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: user.mutatingHeaders,
      payload: { title: "Call the bank", date: day },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await titles(otherApp)).toEqual(["Call the bank"]);
  });
});
