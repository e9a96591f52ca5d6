import { afterAll, beforeAll, expect, it } from "vitest";
import { signInTestUser, type SignedInUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

describeEachDatabase("user: GET /api/user and PATCH /api/user/preferences", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = await signInTestUser(t.app, { name: "Ada Lovelace", email: "ada@example.test", timeZone: "Europe/London" });
  });
  afterAll(() => t.close());

  const patch = (payload: unknown, headers: Record<string, string> = user.mutatingHeaders) =>
    t.app.inject({ method: "PATCH", url: "/api/user/preferences", headers, payload: payload as object });

  it("returns the signed-in user's id, name, email, avatarUrl, timeZone and working hours, never cached", async () => {
    const response = await t.app.inject({ url: "/api/user", headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: user.userId,
      name: "Ada Lovelace",
      email: "ada@example.test",
      avatarUrl: null,
      timeZone: "Europe/London",
      workdayStart: "09:00",
      workdayEnd: "17:00",
    });
    expect(response.headers["cache-control"]).toBe("no-store");
  });

  it("answers 401 { message, code } when signed out or with a forged access cookie", async () => {
    for (const headers of [{}, { cookie: `access_token=${user.sessionId}.9999999999.forged` }]) {
      const response = await t.app.inject({ url: "/api/user", headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Not signed in", code: "unauthorized" });
    }
  });

  it("keeps the browser's IANA time zone and returns the user", async () => {
    const response = await patch({ timeZone: "America/New_York" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: user.userId, timeZone: "America/New_York" });
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).json().timeZone).toBe("America/New_York");
  });

  it("stores the zone's canonical name, whatever its case or alias", async () => {
    for (const [typed, stored] of [
      ["europe/paris", "Europe/Paris"],
      ["utc", "UTC"],
      ["US/Eastern", "America/New_York"],
    ]) {
      const response = await patch({ timeZone: typed });
      expect(response.statusCode).toBe(200);
      expect(response.json().timeZone).toBe(stored);
    }
  });

  it("refuses a zone that is not in the zone database, and unknown fields, with 400 naming the field", async () => {
    for (const payload of [
      { timeZone: "Mars/Olympus_Mons" },
      { timeZone: `Europe/${"A".repeat(250_000)}` },
      { timeZone: "" },
      { timeZone: 5 },
      {},
    ]) {
      const response = await patch(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("validation_failed");
      expect(response.json().message).toContain("timeZone");
    }
    const extra = await patch({ timeZone: "UTC", name: "Someone else" });
    expect(extra.statusCode).toBe(400);
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).json().timeZone).toBe("America/New_York");
  });

  it("keeps working hours, alone or with the zone, and refuses an end not after the start, keeping what was there", async () => {
    const changed = await patch({ workdayStart: "08:30", workdayEnd: "16:45" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ workdayStart: "08:30", workdayEnd: "16:45", timeZone: "America/New_York" });
    expect((await patch({ workdayEnd: "18:00" })).json()).toMatchObject({ workdayStart: "08:30", workdayEnd: "18:00" });
    for (const [payload, field] of [
      [{ workdayStart: "9:00" }, "workdayStart"],
      [{ workdayEnd: "25:00" }, "workdayEnd"],
      [{ workdayStart: "17:00", workdayEnd: "09:00" }, "workdayEnd"],
      [{ workdayStart: "18:00" }, "workdayEnd"],
    ] as const) {
      const refused = await patch(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json().message).toContain(field);
    }
    const kept = (await t.app.inject({ url: "/api/user", headers: user.headers })).json();
    expect(kept).toMatchObject({ workdayStart: "08:30", workdayEnd: "18:00" });
    await patch({ workdayStart: "09:00", workdayEnd: "17:00" });
  });

  it("answers 401 when signed out and 403 without a CSRF token", async () => {
    expect((await patch({ timeZone: "UTC" }, {})).statusCode).toBe(403);
    expect((await patch({ timeZone: "UTC" }, { "x-csrf-token": user.csrfToken })).statusCode).toBe(401);
    expect((await patch({ timeZone: "UTC" }, user.headers)).statusCode).toBe(403);
  });

  it("changes only the signed-in user's zone", async () => {
    const other = await signInTestUser(t.app, { timeZone: "Asia/Tokyo" });
    await patch({ timeZone: "Australia/Sydney" }, other.mutatingHeaders);
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).json().timeZone).toBe("America/New_York");
    expect((await t.app.inject({ url: "/api/user", headers: other.headers })).json().timeZone).toBe("Australia/Sydney");
  });
});
