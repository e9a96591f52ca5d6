// CSRF refusals: the token (missing, wrong, another session's), cross-site Origin and
// Sec-Fetch-Site, the 401 for an expired session, and no CORS for other origins.
import { afterAll, beforeAll, expect, it } from "vitest";
import { signInTestUser, type SignedInUser } from "../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../test/test-app.ts";

describeEachDatabase("CSRF protection", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await signInTestUser(t.app);
  });
  afterAll(() => t.close());

  const patchTimeZone = (headers: Record<string, string>) =>
    t.app.inject({ method: "PATCH", url: "/api/user/preferences", headers, payload: { timeZone: "Europe/Paris" } });

  it("accepts the session's token echoed in X-CSRF-Token", async () => {
    expect((await patchTimeZone(user.mutatingHeaders)).statusCode).toBe(200);
  });

  it("answers 403 with a clear message when the token is missing or empty", async () => {
    for (const headers of [user.headers, { ...user.headers, "x-csrf-token": "" }]) {
      const response = await patchTimeZone(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: "Missing CSRF token: send the csrfToken cookie's value in X-CSRF-Token",
        code: "forbidden",
      });
    }
  });

  it("answers 403 to a forged token and to another session's token", async () => {
    const other = await signInTestUser(t.app);
    const [nonce] = user.csrfToken.split(".");
    for (const token of [`${nonce}.forged`, "garbage", other.csrfToken, `${user.csrfToken}.extra`]) {
      const response = await patchTimeZone({ ...user.headers, "x-csrf-token": token });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Invalid CSRF token: reload the page and try again", code: "forbidden" });
    }
  });

  it("refuses cross-site requests even with a valid token", async () => {
    const crossSite: Record<string, string>[] = [
      { origin: "https://evil.example" },
      { origin: "http://localhost:3000.evil.example" },
      { "sec-fetch-site": "cross-site" },
      { origin: "null", "sec-fetch-site": "cross-site" },
    ];
    for (const extra of crossSite) {
      const response = await patchTimeZone({ ...user.mutatingHeaders, ...extra });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: "Cross-site request refused", code: "forbidden" });
    }
  });

  it("accepts same-origin requests as browsers label them", async () => {
    const sameOrigin: Record<string, string>[] = [
      { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      // Under Referrer-Policy: no-referrer, browsers send Origin: null on same-origin posts.
      { origin: "null", "sec-fetch-site": "same-origin" },
      { "sec-fetch-site": "none" },
    ];
    for (const extra of sameOrigin) {
      expect((await patchTimeZone({ ...user.mutatingHeaders, ...extra })).statusCode).toBe(200);
    }
  });

  it("checks the /auth calls too", async () => {
    for (const url of ["/auth/refresh", "/auth/logout"]) {
      expect((await t.app.inject({ method: "POST", url, headers: user.headers })).statusCode).toBe(403);
      const crossSite = await t.app.inject({ method: "POST", url, headers: { ...user.mutatingHeaders, origin: "https://evil.example" } });
      expect(crossSite.statusCode).toBe(403);
    }
  });

  it("answers 401 (so that the page refreshes and repeats) when the access cookie has expired", async () => {
    const fresh = await signInTestUser(t.app);
    t.clock.advance(60 * 60 * 1000);
    const response = await patchTimeZone(fresh.mutatingHeaders);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Not signed in", code: "unauthorized" });
  });

  it("allows no other origin to read answers (no CORS)", async () => {
    const preflight = await t.app.inject({
      method: "OPTIONS",
      url: "/api/user",
      headers: { origin: "https://evil.example", "access-control-request-method": "GET" },
    });
    expect(preflight.headers["access-control-allow-origin"]).toBeUndefined();
    expect(preflight.headers["access-control-allow-credentials"]).toBeUndefined();
    const read = await t.app.inject({ url: "/api/user", headers: { ...user.headers, origin: "https://evil.example" } });
    expect(read.headers["access-control-allow-origin"]).toBeUndefined();
  });
});
