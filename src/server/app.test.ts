import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { THEME_SCRIPT } from "../shared/theme-script.ts";
import { AppError } from "./app-error.ts";
import { buildApp } from "./app.ts";
import { signInTestUser } from "./test/sign-in.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp, testConfig } from "./test/test-app.ts";

describeEachDatabase("app shell", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("answers /healthz and /readyz", async () => {
    expect((await t.app.inject("/healthz")).json()).toEqual({ status: "ok" });
    const ready = await t.app.inject("/readyz");
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: "ready" });
  });

  it("gives unknown /api paths a JSON 404 with a request id", async () => {
    const response = await t.app.inject("/api/does-not-exist");
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: "Route GET /api/does-not-exist not found", code: "not_found" });
    expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("tells browsers and proxies not to keep any API answer", async () => {
    const user = await signInTestUser(t.app);
    for (const url of ["/api/tasks?date=2026-05-04", "/api/goals", "/api/tasks/stalled", "/api/user", "/api/nope"]) {
      expect((await t.app.inject({ url, headers: user.headers })).headers["cache-control"], url).toBe("no-store");
    }
    expect((await t.app.inject("/healthz")).headers["cache-control"]).toBeUndefined();
  });

  it("answers the router's own refusals in the app's { message, code } shape, without echoing the URL", async () => {
    const longId = "x".repeat(101);
    for (const [method, url] of [
      ["PUT", `/api/goals/${longId}`],
      ["PATCH", `/api/tasks/${longId}`],
      ["DELETE", `/api/tasks/${longId}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(414);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ message: expect.any(String), code: "uri_too_long" });
      expect(response.body).not.toContain(longId);
      expect(response.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    }
    const badEscape = await t.app.inject("/api/tasks/%E0%A4%A");
    expect(badEscape.statusCode).toBe(400);
    expect(badEscape.json()).toEqual({ message: "The address is not a valid URL", code: "bad_url" });
  });

  it("sends a strict Content-Security-Policy", async () => {
    const csp = String((await t.app.inject("/healthz")).headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    // The installable app: its service worker and manifest come from the app's own origin.
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it("loads images from the app's own origin only, so no injected address can carry data out", async () => {
    const csp = String((await t.app.inject("/healthz")).headers["content-security-policy"]);
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    expect(imgSrc).toEqual(["'self'"]);
    // Without an img-src, default-src would decide; it must not allow other hosts either.
    expect(csp).not.toMatch(/(?:^|;)\s*default-src[^;]*(https:|\*)/);
  });

  it("adds only the configured sign-in providers' avatar hosts to img-src", async () => {
    const { avatarOriginsOf, securityHeaderOptions, securityHeaders } = await import("./plugins/security.ts");
    const origins = avatarOriginsOf({ google: {}, oidc: { issuer: "https://id.example.org/realms/main" } });
    expect(origins).toEqual(["https://lh3.googleusercontent.com", "https://id.example.org"]);
    const csp = securityHeaders(securityHeaderOptions(false, origins))["content-security-policy"];
    expect(
      /(?:^|;)\s*img-src ([^;]*)/
        .exec(csp ?? "")?.[1]
        ?.trim()
        .split(/\s+/),
    ).toEqual(["'self'", ...origins]);
  });

  it("lets the theme's first-paint script run inline by its hash, and no other inline script (decision 017)", async () => {
    const csp = String((await t.app.inject("/healthz")).headers["content-security-policy"]);
    const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1]?.trim().split(/\s+/);
    const hash = createHash("sha256").update(THEME_SCRIPT).digest("base64");
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
  });
});

describe("readiness without a database", () => {
  it("answers 503 when the database is unreachable", async () => {
    const { db } = await createTestDatabase("sqlite");
    const app = await buildApp(testConfig(), { db, logger: false, webRoot: "/nonexistent" });
    await db.close();
    const response = await app.inject("/readyz");
    expect(response.statusCode).toBe(503);
    await app.close();
  });
});

describe("error handler", () => {
  let app: Awaited<ReturnType<typeof buildApp>>;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const { db } = await createTestDatabase("sqlite");
    closeDatabase = db.close;
    app = await buildApp(testConfig(), { db, logger: false, webRoot: "/nonexistent" });
    app.get("/api/test/app-error", async () => {
      throw new AppError("conflict", "Already there");
    });
    app.get("/api/test/crash", async () => {
      throw new Error("secret internal detail");
    });
    app.get(
      "/api/test/validated",
      { schema: { querystring: z.object({ date: z.iso.date(), count: z.coerce.number().int() }) } },
      async () => ({ ok: true }),
    );
    app.post("/api/test/echo", { config: { csrfSessionFrom: "none" } }, async (request) => request.body);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
  });

  it("maps an AppError to its status and { message, code }", async () => {
    const response = await app.inject("/api/test/app-error");
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "Already there", code: "conflict" });
  });

  it("answers 5xx generically, without the error's text or a stack", async () => {
    const response = await app.inject("/api/test/crash");
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Internal server error", code: "internal" });
    expect(response.body).not.toContain("secret internal detail");
  });

  it("answers validation failures with 400 naming each field", async () => {
    const response = await app.inject("/api/test/validated?date=2026-13-45&count=x");
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.message).toContain("date");
    expect(body.message).toContain("count");
  });

  it("refuses bodies over the limit and malformed JSON with clear 4xx", async () => {
    const tooBig = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: JSON.stringify({ text: "x".repeat(300 * 1024) }),
    });
    expect(tooBig.statusCode).toBe(413);
    const malformed = await app.inject({
      method: "POST",
      url: "/api/test/echo",
      headers: { "content-type": "application/json" },
      payload: "{ not json",
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/JSON/i);
  });

  const postJson = (payload: string) =>
    app.inject({ method: "POST", url: "/api/test/echo", headers: { "content-type": "application/json" }, payload });

  it("reads an empty body with a JSON content type as {}", async () => {
    for (const payload of ["", "  \n"]) {
      const response = await postJson(payload);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
  });

  it("refuses prototype-polluting keys with a message that names them, not as invalid JSON", async () => {
    for (const [payload, key] of [
      ['{"title":"a","__proto__":{"isAdmin":true}}', "__proto__"],
      ['{"nested":{"constructor":{"prototype":{"x":1}}}}', "constructor.prototype"],
    ] as const) {
      const response = await postJson(payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: `Body must not contain the key "${key}"`, code: "bad_request" });
    }
    // Words that merely mention them are fine.
    expect((await postJson('{"title":"__proto__ and prototype","constructor":"x"}')).statusCode).toBe(200);
  });
});
