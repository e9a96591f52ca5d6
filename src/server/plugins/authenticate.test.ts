import { afterAll, beforeAll, expect, it } from "vitest";
import { createAccessToken, SESSION_ABSOLUTE_TTL_MS } from "../modules/auth/session-tokens.ts";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../test/test-app.ts";

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
