// Every check by path (rate limits, the refusal of tokens, no-store, log redaction) holds for the path
// as the router reads it: "/%61uth/providers" is "/auth/providers".
import { afterAll, beforeAll, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { signInTestUser } from "../test/sign-in.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp, testConfig } from "../test/test-app.ts";

const AUTH_VARIANTS = ["/%61uth/providers", "/%61%75%74%68/providers", "/auth/%70roviders", "/%61uth/%70roviders?x=1"];

describeEachDatabase("checks by path hold for percent-encoded paths", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { auth: { ...testConfig().auth, rateLimitPerMinute: 3 } } });
  });
  afterAll(() => t.close());

  it("counts encoded /auth paths in the address's allowance", async () => {
    for (let i = 0; i < 3; i++)
      expect((await t.app.inject({ url: "/auth/providers", remoteAddress: "198.51.100.20" })).statusCode).toBe(200);
    for (const url of AUTH_VARIANTS) {
      expect((await t.app.inject({ url, remoteAddress: "198.51.100.20" })).statusCode, url).toBe(429);
    }
    for (const url of AUTH_VARIANTS.slice(0, 3)) {
      expect((await t.app.inject({ url, remoteAddress: "198.51.100.21" })).statusCode, url).toBe(200);
    }
    expect((await t.app.inject({ url: "/auth/providers", remoteAddress: "198.51.100.21" })).statusCode).toBe(429);
    // Variants the router does not take are 404s, never an answer of the route.
    for (const url of ["//auth/providers", "/AUTH/providers", "/auth//providers", "/%2561uth/providers"]) {
      expect([404, 429], url).toContain((await t.app.inject({ url, remoteAddress: "198.51.100.22" })).statusCode);
    }
  });

  it("refuses a personal access token on encoded /auth paths and session-only routes", async () => {
    const user = await signInTestUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: user.mutatingHeaders,
      payload: { name: "Script", scope: "write" },
    });
    const headers = { authorization: `Bearer ${created.json().token}` };
    const attempts = [
      { method: "GET", url: "/%61uth/providers", remoteAddress: "198.51.100.23" },
      { method: "POST", url: "/%61uth/logout", remoteAddress: "198.51.100.24" },
      { method: "GET", url: "/%61pi/%74okens" },
      { method: "DELETE", url: "/%61pi/user", payload: { confirmEmail: `${user.userId}@example.test` } },
    ] as const;
    for (const attempt of attempts) {
      expect((await t.app.inject({ ...attempt, headers })).statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
    expect((await t.app.inject({ url: "/api/user", headers: user.headers })).statusCode).toBe(200);
  });

  it("marks answers of encoded /api and /auth paths no-store", async () => {
    const user = await signInTestUser(t.app);
    for (const url of ["/%61pi/user", "/api/%75ser", "/%61pi/nothing-here", "/%61uth/providers"]) {
      const response = await t.app.inject({ url, headers: user.headers, remoteAddress: "198.51.100.25" });
      expect(response.headers["cache-control"], url).toBe("no-store");
    }
  });
});

describeEachDatabase("request logs of percent-encoded paths", (dialect) => {
  let app: App;
  let closeDatabase: () => Promise<void>;
  const lines: string[] = [];
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    closeDatabase = database.db.close;
    app = await buildApp(testConfig({ logLevel: "info" }), {
      db: database.db,
      logStream: { write: (line: string) => lines.push(line) },
      webRoot: "/nonexistent",
    });
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
  });

  it("never carry a feed's secret or a sign-in's query, however the path is encoded", async () => {
    const user = await signInTestUser(app);
    const feed = await app.inject({ method: "POST", url: "/api/calendar/feed", headers: user.mutatingHeaders, payload: {} });
    const secret = /\/calendar\/([^/.]+)\.ics$/.exec(feed.json().url as string)![1]!;
    const encoded = [...secret].map((char) => `%${char.charCodeAt(0).toString(16)}`).join("");
    lines.length = 0;
    for (const url of [`/%63alendar/${secret}.ics`, `/calendar/${encoded}.ics`, `/%43alendar/${secret}.ics`, `//calendar/${secret}.ics`]) {
      await app.inject({ url });
    }
    await app.inject({ url: "/%61uth/callback?code=one-time-code&state=s" });
    const log = lines.join("");
    expect(log).toContain("incoming request");
    expect(log).not.toContain(secret);
    expect(log.toLowerCase()).not.toContain(encoded.slice(0, 30).toLowerCase());
    expect(log).not.toContain("one-time-code");
  });
});
