import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { createDb, type Db, listenerName } from "../db/database.ts";
import { createAccessToken, SESSION_ABSOLUTE_TTL_MS } from "../modules/auth/session-tokens.ts";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp, testConfig } from "../test/test-app.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

// On SQLite a checked access cookie is kept until anything is written or it expires; these cases
// hold on both databases, and each first uses the cookie so that, on SQLite, it is a kept one.
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

// On PostgreSQL each instance keeps the cookies it checked too; another instance's logout reaches it
// as a notice of the write (migration 0012), and without that notice it reads every session.
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

  it.runIf(dialect === "postgres")("a logout on one instance ends the cookie on the other as soon as it hears of it", async () => {
    await expect.poll(() => other.writeCount!(), { timeout: 5_000 }).not.toBeUndefined();
    const user = await signInTestUser(t.app);
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(200);
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.mutatingHeaders })).statusCode).toBe(200);
    await expect.poll(async () => (await userCall(otherApp, user.headers.cookie)).statusCode, { timeout: 2_000 }).toBe(401);
  });

  it.runIf(dialect === "postgres")("reads every session while it is not listening for other instances' writes", async () => {
    await expect.poll(() => other.writeCount!(), { timeout: 5_000 }).not.toBeUndefined();
    const user = await signInTestUser(t.app);
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(200);
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(200);
    // The other instance's listening connection goes, then a write it cannot hear of.
    await t.db.kysely.executeQuery(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${listenerName(t.db.schema)}`.compile(
        t.db.kysely,
      ),
    );
    await expect.poll(() => other.writeCount!(), { timeout: 5_000 }).toBeUndefined();
    await t.db.kysely.updateTable("sessions").set({ revokedAt: t.app.now().toISOString() }).where("id", "=", user.sessionId).execute();
    expect((await userCall(otherApp, user.headers.cookie)).statusCode).toBe(401);
  });
});
