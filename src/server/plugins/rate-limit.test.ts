import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../test/test-app.ts";
import { claimOnce } from "./rate-limit.ts";

const withLimit = (rateLimitPerMinute: number, trustProxy: boolean | number | string = false) => ({
  config: { trustProxy, auth: { ...testConfig().auth, rateLimitPerMinute } },
});

describeEachDatabase("rate limits on /auth", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, withLimit(3));
  });
  afterAll(() => t.close());

  const providers = (remoteAddress = "198.51.100.1", headers: Record<string, string> = {}) =>
    t.app.inject({ url: "/auth/providers", remoteAddress, headers });

  it("answers 429 with Retry-After once an address has used its allowance, until the minute is over", async () => {
    for (let i = 0; i < 3; i++) expect((await providers()).statusCode).toBe(200);
    t.clock.advance(20 * 1000);
    const refused = await providers();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBe("40");
    expect(refused.json()).toEqual({
      message: "Too many requests from this address; try again in 40 seconds",
      code: "too_many_requests",
    });
    // Every /auth route shares the address's allowance, the refresh call included.
    expect((await t.app.inject({ method: "POST", url: "/auth/refresh", remoteAddress: "198.51.100.1" })).statusCode).toBe(429);

    t.clock.advance(40 * 1000);
    expect((await providers()).statusCode).toBe(200);
  });

  it("counts each address on its own and leaves other paths alone", async () => {
    for (let i = 0; i < 4; i++) await providers("198.51.100.2");
    expect((await providers("198.51.100.2")).statusCode).toBe(429);
    expect((await providers("198.51.100.3")).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/healthz", remoteAddress: "198.51.100.2" })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/user", remoteAddress: "198.51.100.2" })).statusCode).toBe(401);
  });

  it("ignores X-Forwarded-For when no proxy is trusted", async () => {
    for (let i = 0; i < 3; i++) await providers("198.51.100.4", { "x-forwarded-for": `203.0.113.${i}` });
    expect((await providers("198.51.100.4", { "x-forwarded-for": "203.0.113.99" })).statusCode).toBe(429);
  });

  it("takes a one-time key once, and sweeps expired keys and counters as keys are claimed", async () => {
    const now = t.clock.now;
    const later = new Date(now.getTime() + 60_000);
    expect(await claimOnce(t.db.kysely, "once:a", later, now)).toBe(true);
    expect(await claimOnce(t.db.kysely, "once:a", later, now)).toBe(false);

    await t.db.kysely
      .insertInto("rateLimits")
      .values({ key: "stale", count: 1, resetAt: new Date(now.getTime() - 1).toISOString() })
      .execute();
    for (let i = 0; i < 500; i++) await claimOnce(t.db.kysely, `once:${i}`, later, now);
    await expect
      .poll(async () => (await t.db.kysely.selectFrom("rateLimits").select("key").where("key", "=", "stale").execute()).length)
      .toBe(0);
    expect(await claimOnce(t.db.kysely, "once:a", later, now)).toBe(false);
    await t.db.kysely.deleteFrom("rateLimits").where("key", "like", "once:%").execute();
  });

  if (dialect === "postgres") {
    it("is shared by several server instances on the same database", async () => {
      const second: App = await buildApp(testConfig(withLimit(3).config), {
        db: t.db,
        logger: false,
        now: () => t.clock.now,
        webRoot: "/nonexistent",
      });
      try {
        await providers("198.51.100.5");
        await providers("198.51.100.5");
        expect((await second.inject({ url: "/auth/providers", remoteAddress: "198.51.100.5" })).statusCode).toBe(200);
        expect((await second.inject({ url: "/auth/providers", remoteAddress: "198.51.100.5" })).statusCode).toBe(429);
        expect((await providers("198.51.100.5")).statusCode).toBe(429);
      } finally {
        await second.close();
      }
    });
  } else {
    it("counts in the one process's memory on SQLite: a request writes nothing", async () => {
      await providers("198.51.100.6");
      expect(await t.db.kysely.selectFrom("rateLimits").selectAll().execute()).toEqual([]);
    });
  }
});

describe("rate limits behind a trusted proxy", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", withLimit(2, true));
  });
  afterAll(() => t.close());

  it("counts the client address the proxy reports", async () => {
    const from = (client: string) =>
      t.app.inject({ url: "/auth/providers", remoteAddress: "10.0.0.1", headers: { "x-forwarded-for": client } });
    await from("203.0.113.1");
    await from("203.0.113.1");
    expect((await from("203.0.113.1")).statusCode).toBe(429);
    expect((await from("203.0.113.2")).statusCode).toBe(200);
  });
});

describe("rate limit configuration", () => {
  it("reads AUTH_RATE_LIMIT (requests per minute, 0 = off) and defaults to 300", () => {
    const env = { DATA_DIR: "/tmp/daywise-test-data", SESSION_SECRET: "x".repeat(32) };
    expect(loadConfig(env).auth.rateLimitPerMinute).toBe(300);
    expect(loadConfig({ ...env, AUTH_RATE_LIMIT: "5" }).auth.rateLimitPerMinute).toBe(5);
    expect(loadConfig({ ...env, AUTH_RATE_LIMIT: "0" }).auth.rateLimitPerMinute).toBe(0);
    expect(() => loadConfig({ ...env, AUTH_RATE_LIMIT: "lots" })).toThrow("AUTH_RATE_LIMIT");
  });

  it("turns the limit off with 0", async () => {
    const t = await createTestApp("sqlite", withLimit(0));
    try {
      for (let i = 0; i < 5; i++) expect((await t.app.inject("/auth/providers")).statusCode).toBe(200);
      const counters = await t.db.kysely.selectFrom("rateLimits").selectAll().execute();
      expect(counters).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
