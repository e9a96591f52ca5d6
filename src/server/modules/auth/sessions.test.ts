// Refresh, rotation, reuse detection, the parallel-tab grace, idle and absolute expiry, logout,
// and the attributes of every cookie these calls set (with the app's clock moved by hand).
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInTestUser, type SignedInUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { hashRefreshToken } from "./session-tokens.ts";

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

function setCookies(response: LightMyRequestResponse): Record<string, string> {
  const all = [response.headers["set-cookie"] ?? []].flat().map(String);
  return Object.fromEntries(all.map((value) => [value.slice(0, value.indexOf("=")), value]));
}

/** A browser's cookies after a refresh: the new access, refresh and CSRF values. */
interface Credentials {
  access: string;
  refresh: string;
  csrf: string;
}

const fromUser = (user: SignedInUser): Credentials => ({ access: user.accessToken, refresh: user.refreshToken, csrf: user.csrfToken });

function cookieValue(response: LightMyRequestResponse, name: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name === name);
  if (!cookie) throw new Error(`no ${name} cookie`);
  return cookie.value;
}

describeEachDatabase("sessions: refresh, rotation, expiry and logout", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  function refresh(credentials: Pick<Credentials, "refresh" | "csrf">, csrfHeader = credentials.csrf) {
    return t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { cookie: `refresh_token=${credentials.refresh}; csrfToken=${credentials.csrf}`, "x-csrf-token": csrfHeader },
    });
  }

  function readUser(access: string) {
    return t.app.inject({ url: "/api/user", headers: { cookie: `access_token=${access}` } });
  }

  function next(response: LightMyRequestResponse): Credentials {
    expect(response.statusCode, response.body).toBe(200);
    return {
      access: cookieValue(response, "access_token"),
      refresh: cookieValue(response, "refresh_token"),
      csrf: cookieValue(response, "csrfToken"),
    };
  }

  async function sessionOf(user: SignedInUser) {
    return t.db.kysely.selectFrom("sessions").selectAll().where("id", "=", user.sessionId).executeTakeFirstOrThrow();
  }

  it("renews an expired access cookie: 401 after 60 minutes, then refresh answers { ok: true } and the new cookie works", async () => {
    const user = await signInTestUser(t.app);
    expect((await readUser(user.accessToken)).statusCode).toBe(200);
    t.clock.advance(60 * MINUTE);
    const expired = await readUser(user.accessToken);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Not signed in", code: "unauthorized" });

    const response = await refresh(fromUser(user));
    expect(response.json()).toEqual({ ok: true });
    const renewed = next(response);
    expect((await readUser(renewed.access)).json().id).toBe(user.userId);
  });

  it("rotates the refresh token at every use and stores only SHA-256 hashes", async () => {
    const user = await signInTestUser(t.app);
    const second = next(await refresh(fromUser(user)));
    expect(second.refresh).not.toBe(user.refreshToken);
    // sessionId.random.MAC, with 256 random bits.
    const [sessionId, random, mac] = second.refresh.split(".");
    expect(sessionId).toBe(user.sessionId);
    expect(Buffer.from(random!, "base64url")).toHaveLength(32);
    expect(mac).toMatch(/^[\w-]{43}$/);
    const third = next(await refresh(second));

    const session = await sessionOf(user);
    expect(session.refreshHashes).toBe(hashRefreshToken(third.refresh));
    expect(session.retiredRefreshHashes).toContain(hashRefreshToken(second.refresh));
    expect(session.refreshRotatedAt).toBe(t.clock.now.toISOString());
    const serialized = JSON.stringify(session);
    for (const token of [user.refreshToken, second.refresh, third.refresh]) {
      expect(serialized).not.toContain(token);
      expect(serialized).not.toContain(token.split(".")[1]);
    }
  });

  it("revokes the whole family when a token retired two rotations ago comes back", async () => {
    const user = await signInTestUser(t.app);
    const second = next(await refresh(fromUser(user)));
    t.clock.advance(45 * MINUTE);
    const third = next(await refresh(second));

    expect((await refresh(fromUser(user))).statusCode).toBe(401);
    expect((await sessionOf(user)).revokedAt).not.toBeNull();
    expect((await refresh(third)).statusCode).toBe(401);
  });

  it("refuses a token whose signature is wrong without touching its session", async () => {
    const user = await signInTestUser(t.app);
    const [sessionId, random] = user.refreshToken.split(".");
    const forged = await refresh({ refresh: `${sessionId}.${random}.${"A".repeat(43)}`, csrf: user.csrfToken });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ message: "Not signed in", code: "unauthorized" });
    expect((await sessionOf(user)).revokedAt).toBeNull();
    expect((await refresh(fromUser(user))).statusCode).toBe(200);
  });

  it("revokes the whole family when a rotated token is presented again after the grace", async () => {
    const user = await signInTestUser(t.app);
    const second = next(await refresh(fromUser(user)));
    t.clock.advance(11 * 1000);

    const replay = await refresh(fromUser(user));
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: "Session expired: sign in again", code: "unauthorized" });
    expect((await sessionOf(user)).revokedAt).not.toBeNull();

    // The legitimate holder's newer token and access cookie die with the family.
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await readUser(second.access)).statusCode).toBe(401);
    expect((await readUser(user.accessToken)).statusCode).toBe(401);
  });

  it("rotates every session of many browsers refreshing at once (on SQLite, in one shared commit)", async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => signInTestUser(t.app)));
    const renewed = (await Promise.all(users.map((user) => refresh(fromUser(user))))).map(next);
    for (const [index, user] of users.entries()) {
      expect((await sessionOf(user)).refreshHashes).toBe(hashRefreshToken(renewed[index]!.refresh));
      expect((await readUser(renewed[index]!.access)).statusCode).toBe(200);
    }
    // Each browser's next refresh is a normal rotation again, not a replay.
    expect((await Promise.all(renewed.map((credentials) => refresh(credentials)))).map((response) => response.statusCode)).toEqual(
      users.map(() => 200),
    );
  });

  it("refreshes when the client sends the JSON content type with no body, as the spec's client does", async () => {
    const credentials = fromUser(await signInTestUser(t.app));
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: {
        cookie: `refresh_token=${credentials.refresh}; csrfToken=${credentials.csrf}`,
        "x-csrf-token": credentials.csrf,
        "content-type": "application/json",
      },
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it("signs in every one of twenty tabs refreshing the same token at once, and keeps the session live", async () => {
    const user = await signInTestUser(t.app);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refresh(fromUser(user))));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const renewed = answers.map(next);
    expect(new Set(renewed.map((credentials) => credentials.refresh)).size).toBe(20);
    for (const credentials of renewed) expect((await readUser(credentials.access)).statusCode).toBe(200);
    expect((await sessionOf(user)).revokedAt).toBeNull();
    // Whichever answer the browser kept, its next refresh is a normal rotation.
    expect((await refresh(renewed.at(-1)!)).statusCode).toBe(200);
  });

  it("lets two tabs refresh with the same token within the grace, then keeps exactly one token alive", async () => {
    const user = await signInTestUser(t.app);
    const [tabA, tabB] = await Promise.all([refresh(fromUser(user)), refresh(fromUser(user))]);
    const a = next(tabA);
    const b = next(tabB);
    expect(a.refresh).not.toBe(b.refresh);
    expect((await readUser(a.access)).statusCode).toBe(200);
    expect((await readUser(b.access)).statusCode).toBe(200);

    // A third caller a few seconds later is still within the grace.
    t.clock.advance(5 * 1000);
    const c = next(await refresh(fromUser(user)));

    // The browser kept one of them (the last answer): it rotates normally and retires the others.
    expect((await sessionOf(user)).refreshHashes.split(" ").sort()).toEqual([a, b, c].map((x) => hashRefreshToken(x.refresh)).sort());
    const d = next(await refresh(c));
    const session = await sessionOf(user);
    expect(session.refreshHashes).toBe(hashRefreshToken(d.refresh));
    expect(session.retiredRefreshHashes.split(" ").map((entry) => entry.split("@")[0])).toEqual(
      expect.arrayContaining([a, b, c].map((x) => hashRefreshToken(x.refresh))),
    );

    // Within the grace of that rotation, another tab still holding a retired spare gets a sibling.
    t.clock.advance(3 * 1000);
    const e = next(await refresh(b));

    // A retired spare presented after the grace is a replay like any other.
    t.clock.advance(11 * 1000);
    expect((await refresh(a)).statusCode).toBe(401);
    expect((await sessionOf(user)).revokedAt).not.toBeNull();
    expect((await refresh(d)).statusCode).toBe(401);
    expect((await refresh(e)).statusCode).toBe(401);
  });

  it("accepts every token retired within the grace, whatever rotations came between (three tabs)", async () => {
    const user = await signInTestUser(t.app);
    const tab1 = next(await refresh(fromUser(user)));
    next(await refresh(fromUser(user)));
    const tab1Again = next(await refresh(tab1));
    // Tab 3 still holds the first token, retired two rotations ago but within the grace.
    t.clock.advance(2 * 1000);
    const tab3 = next(await refresh(fromUser(user)));
    expect((await readUser(tab1Again.access)).statusCode).toBe(200);
    expect((await readUser(tab3.access)).statusCode).toBe(200);
    expect((await sessionOf(user)).revokedAt).toBeNull();
    // A true replay after the grace still revokes the family.
    t.clock.advance(11 * 1000);
    expect((await refresh(fromUser(user))).statusCode).toBe(401);
    expect((await sessionOf(user)).revokedAt).not.toBeNull();
  });

  it("never signs out twenty tabs refreshing together with the browser's cookie of the moment, ten times over", async () => {
    const user = await signInTestUser(t.app);
    // One cookie jar, as in a browser: each tab sends the cookie it finds, each answer replaces it.
    let jar = fromUser(user);
    for (let round = 0; round < 10; round += 1) {
      const tabs: Promise<number>[] = [];
      for (let tab = 0; tab < 20; tab += 1) {
        tabs.push(
          refresh(jar).then((response) => {
            if (response.statusCode === 200) jar = next(response);
            return response.statusCode;
          }),
        );
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect((await Promise.all(tabs)).filter((status) => status !== 200)).toEqual([]);
      t.clock.advance(1000);
    }
    expect((await readUser(jar.access)).statusCode).toBe(200);
    expect((await sessionOf(user)).revokedAt).toBeNull();
  });

  it("ends a refresh token unused for 14 days (idle expiry), without revoking on a mere expiry", async () => {
    const user = await signInTestUser(t.app);
    t.clock.advance(14 * DAY);
    const response = await refresh(fromUser(user));
    expect(response.statusCode).toBe(401);
    expect((await sessionOf(user)).revokedAt).toBeNull();
  });

  it("keeps a session alive by using it within 14 days, but never beyond 60 days after sign-in", async () => {
    const user = await signInTestUser(t.app);
    let credentials = fromUser(user);
    for (let day = 13; day < 60; day += 13) {
      t.clock.advance(13 * DAY);
      credentials = next(await refresh(credentials));
    }
    // Day 52: the token's idle expiry is capped at the session's end (day 60).
    const refreshCookie = setCookies(await refresh(credentials))["refresh_token"];
    const maxAge = Number(/Max-Age=(\d+)/.exec(refreshCookie ?? "")?.[1]);
    expect(maxAge).toBeLessThanOrEqual((8 * DAY) / 1000);
    t.clock.advance(8 * DAY);
    const session = await sessionOf(user);
    expect(session.refreshHashes.split(" ")).toHaveLength(1);
    expect(new Date(session.expiresAt).getTime()).toBeLessThanOrEqual(t.clock.now.getTime());
    expect((await refresh(credentials)).statusCode).toBe(401);
  });

  it("refuses the last token once 60 days have passed since sign-in, even if used the day before", async () => {
    const user = await signInTestUser(t.app);
    let credentials = fromUser(user);
    for (let i = 0; i < 5; i++) {
      t.clock.advance(11 * DAY + 22 * 60 * MINUTE);
      credentials = next(await refresh(credentials));
    }
    // 59 days and 14 hours after sign-in: still fine.
    credentials = next(await refresh(credentials));
    t.clock.advance(DAY);
    expect((await refresh(credentials)).statusCode).toBe(401);
    expect((await readUser(credentials.access)).statusCode).toBe(401);
  });

  it("sets the session cookies on refresh with the agreed attributes, and clears them on a refused refresh", async () => {
    const user = await signInTestUser(t.app);
    const cookies = setCookies(await refresh(fromUser(user)));
    expect(Object.keys(cookies).sort()).toEqual(["access_token", "csrfToken", "refresh_token"]);
    expect(cookies.access_token).toMatch(/; Max-Age=3600; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(cookies.refresh_token).toMatch(new RegExp(`; Max-Age=${(14 * DAY) / 1000}; Path=/auth; HttpOnly; SameSite=Lax$`));
    expect(cookies.csrfToken).toMatch(new RegExp(`; Max-Age=${(14 * DAY) / 1000}; Path=/; SameSite=Lax$`));

    const refused = setCookies(await refresh({ refresh: "unknown-token", csrf: user.csrfToken }, user.csrfToken));
    // Unknown token: there is no session to bind the CSRF token to, so 401 comes from the CSRF check.
    expect(refused).toEqual({});
    t.clock.advance(11 * 1000);
    const replayed = await refresh(fromUser(user));
    expect(replayed.statusCode).toBe(401);
    const cleared = setCookies(replayed);
    expect(cleared.access_token).toBe("access_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax");
    expect(cleared.refresh_token).toBe(
      "refresh_token=; Max-Age=0; Path=/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
    );
    expect(cleared.csrfToken).toBe("csrfToken=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax");
  });

  it("answers 401 to a refresh without a refresh cookie, and 403 without or with a wrong CSRF token", async () => {
    const user = await signInTestUser(t.app);
    const noCookie = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { cookie: `csrfToken=${user.csrfToken}`, "x-csrf-token": user.csrfToken },
    });
    expect(noCookie.statusCode).toBe(401);
    const noToken = await t.app.inject({ method: "POST", url: "/auth/refresh", headers: { cookie: `refresh_token=${user.refreshToken}` } });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toMatch(/Missing CSRF token/);
    const other = await signInTestUser(t.app);
    const wrongSession = await refresh({ refresh: user.refreshToken, csrf: other.csrfToken });
    expect(wrongSession.statusCode).toBe(403);
    expect(wrongSession.json().message).toMatch(/Invalid CSRF token/);
    // The refused attempts did not use the token up.
    expect((await refresh(fromUser(user))).statusCode).toBe(200);
  });

  it("logs out: the session is revoked, the cookies are cleared, and the old cookies get 401", async () => {
    const user = await signInTestUser(t.app);
    const response = await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.mutatingHeaders });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const cleared = setCookies(response);
    expect(cleared.access_token).toBe("access_token=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax");
    expect(cleared.refresh_token).toBe(
      "refresh_token=; Max-Age=0; Path=/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax",
    );
    expect(cleared.csrfToken).toBe("csrfToken=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax");
    expect(response.headers["cache-control"]).toBe("no-store");

    expect((await sessionOf(user)).revokedAt).not.toBeNull();
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).statusCode).toBe(401);
    expect((await refresh(fromUser(user))).statusCode).toBe(401);
    // Logging out again: there is no session any more.
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.mutatingHeaders })).statusCode).toBe(401);
  });

  it("logs out with only the refresh cookie left (the access cookie expired)", async () => {
    const user = await signInTestUser(t.app);
    t.clock.advance(61 * MINUTE);
    const response = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { cookie: `refresh_token=${user.refreshToken}; csrfToken=${user.csrfToken}`, "x-csrf-token": user.csrfToken },
    });
    expect(response.statusCode).toBe(200);
    expect((await sessionOf(user)).revokedAt).not.toBeNull();
  });

  it("refuses a logout without or with a wrong CSRF token, and keeps the session", async () => {
    const user = await signInTestUser(t.app);
    const missing = await t.app.inject({ method: "POST", url: "/auth/logout", headers: user.headers });
    expect(missing.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: "POST",
      url: "/auth/logout",
      headers: { ...user.headers, "x-csrf-token": `${user.csrfToken.split(".")[0]}.forged` },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await sessionOf(user)).revokedAt).toBeNull();
  });
});

describe("session cookies under an https public URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", { config: { publicUrl: "https://daywise.example" } });
  });
  afterAll(() => t.close());

  it("marks every cookie of refresh and logout Secure", async () => {
    const user = await signInTestUser(t.app);
    const refreshed = await t.app.inject({
      method: "POST",
      url: "/auth/refresh",
      headers: { ...user.mutatingHeaders, origin: "https://daywise.example" },
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = setCookies(refreshed);
    const csrf = cookieValue(refreshed, "csrfToken");
    const cookie = `access_token=${cookieValue(refreshed, "access_token")}; refresh_token=${cookieValue(refreshed, "refresh_token")}; csrfToken=${csrf}`;
    const loggedOut = await t.app.inject({ method: "POST", url: "/auth/logout", headers: { cookie, "x-csrf-token": csrf } });
    expect(loggedOut.statusCode).toBe(200);
    const cleared = setCookies(loggedOut);
    for (const set of [renewed, cleared]) {
      expect(Object.keys(set).sort()).toEqual(["access_token", "csrfToken", "refresh_token"]);
      for (const value of Object.values(set)) expect(value).toMatch(/; Secure/);
    }
  });
});
