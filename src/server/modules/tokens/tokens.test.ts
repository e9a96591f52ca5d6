import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type App, buildApp } from "../../app.ts";
import { createDb, type Db } from "../../db/database.ts";
import { signInTestUser, type SignedInUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";
import { readBearerToken } from "./token-secrets.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export async function createToken(t: TestApp, user: SignedInUser, body: Record<string, unknown> = {}) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/tokens",
    headers: user.mutatingHeaders,
    payload: { name: "Script", scope: "write", ...body },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; token: string; scope: string; expiresAt: string | null };
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe("readBearerToken", () => {
  it("reads the token, tells a malformed header from none", () => {
    expect(readBearerToken(undefined)).toBeNull();
    expect(readBearerToken("Basic abc")).toBeNull();
    expect(readBearerToken("Bearer dw_abc")).toBe("dw_abc");
    expect(readBearerToken("bearer  dw_abc ")).toBe("dw_abc");
    expect(readBearerToken("Bearer")).toBe("");
    expect(readBearerToken("Bearer a b")).toBe("");
  });
});

describeEachDatabase("personal access tokens", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  // A fresh session each time: some cases move the clock past its expiry.
  beforeEach(async () => {
    user = await signInTestUser(t.app);
  });
  afterAll(() => t.close());

  it("creates a token shown once, stored only as its hash, listed without the secret", async () => {
    const created = await createToken(t, user, { name: "Claude", scope: "read", expiresInDays: 30 });
    expect(created.token).toMatch(/^dw_[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(created.expiresAt!) - t.app.now().getTime()).toBe(30 * DAY_MS);
    const rows = await t.db.kysely.selectFrom("personalAccessTokens").selectAll().where("id", "=", created.id).execute();
    expect(JSON.stringify(rows)).not.toContain(created.token.slice(3));
    const list = await t.app.inject({ url: "/api/tokens", headers: user.headers });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    expect(list.json()).toContainEqual(expect.objectContaining({ id: created.id, name: "Claude", scope: "read", lastUsedAt: null }));
  });

  it("refuses a bad body", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: user.mutatingHeaders,
      payload: { name: "", scope: "admin", expiresInDays: 0 },
    });
    expect(response.statusCode).toBe(400);
  });

  it("answers /api with the token's user, without CSRF, ignoring cookies", async () => {
    const { token } = await createToken(t, user);
    const other = await signInTestUser(t.app, { name: "Cookie owner" });
    const me = await t.app.inject({ url: "/api/user", headers: { ...bearer(token), cookie: other.headers.cookie } });
    expect(me.json().id).toBe(user.userId);
    const date = "2026-03-02";
    const payload = { title: "Via token", date };
    const created = await t.app.inject({ method: "POST", url: "/api/tasks", headers: bearer(token), payload });
    expect(created.statusCode, created.body).toBe(201);
    const day = await t.app.inject({ url: `/api/tasks?date=${date}`, headers: user.headers });
    expect(day.json().map((task: { title: string }) => task.title)).toContain("Via token");
  });

  it("a token's request from another site's page is refused, as a cookie's is", async () => {
    const { token } = await createToken(t, user);
    const headers = { ...bearer(token), origin: "https://evil.example" };
    const response = await t.app.inject({ method: "POST", url: "/api/tasks", headers, payload: { title: "Forged" } });
    expect(response.statusCode).toBe(403);
  });

  it("a read token may only GET: 403 insufficient_scope", async () => {
    const { token } = await createToken(t, user, { scope: "read" });
    expect((await t.app.inject({ url: "/api/goals", headers: bearer(token) })).statusCode).toBe(200);
    const write = await t.app.inject({ method: "POST", url: "/api/goals", headers: bearer(token), payload: { title: "No" } });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe("insufficient_scope");
    expect(write.headers["www-authenticate"]).toContain("insufficient_scope");
  });

  it("unknown, malformed, expired and revoked tokens are 401 with WWW-Authenticate", async () => {
    const expiring = await createToken(t, user, { expiresInDays: 1 });
    const revoked = await createToken(t, user);
    expect((await t.app.inject({ url: "/api/user", headers: bearer(expiring.token) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: "/api/user", headers: bearer(revoked.token) })).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: "DELETE", url: `/api/tokens/${revoked.id}`, headers: user.mutatingHeaders });
    expect(revoke.statusCode).toBe(200);
    const listed = await t.app.inject({ url: "/api/tokens", headers: user.headers });
    expect(listed.json().map((token: { id: string }) => token.id)).not.toContain(revoked.id);
    t.clock.advance(DAY_MS + 1000);
    for (const header of [
      bearer(expiring.token),
      bearer(revoked.token),
      bearer(`dw_${"A".repeat(43)}`),
      bearer("nope"),
      { authorization: "Bearer" },
    ]) {
      const response = await t.app.inject({ url: "/api/user", headers: header });
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toMatch(/^Bearer/);
    }
    const again = await signInTestUser(t.app);
    await createToken(t, again);
    const list = await t.app.inject({ url: "/api/tokens", headers: again.headers });
    expect(list.json()).toHaveLength(1);
  });

  it("the token routes and /auth refuse a token, even a write token", async () => {
    const { id, token } = await createToken(t, user);
    const attempts = [
      { method: "GET", url: "/api/tokens" },
      { method: "POST", url: "/api/tokens", payload: { name: "More", scope: "write" } },
      { method: "DELETE", url: `/api/tokens/${id}` },
      { method: "POST", url: "/auth/logout" },
    ] as const;
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: bearer(token) });
      expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
    }
  });

  it("caps a user's tokens at 50, expired ones included until removed", async () => {
    const owner = await signInTestUser(t.app, { name: "Collector" });
    const first = await createToken(t, owner, { name: "Short-lived", expiresInDays: 1 });
    for (let index = 1; index < 50; index++) await createToken(t, owner, { name: `Token ${index}` });
    const create = () =>
      t.app.inject({ method: "POST", url: "/api/tokens", headers: owner.mutatingHeaders, payload: { name: "One more", scope: "read" } });
    const refused = await create();
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/50/);
    const past = new Date(t.app.now().getTime() - 1000).toISOString();
    await t.db.kysely.updateTable("personalAccessTokens").set({ expiresAt: past }).where("id", "=", first.id).execute();
    expect((await create()).statusCode).toBe(409);
    const listed = await t.app.inject({ url: "/api/tokens", headers: owner.headers });
    expect(listed.json()).toContainEqual(expect.objectContaining({ id: first.id, expiresAt: past }));
    expect((await t.app.inject({ method: "DELETE", url: `/api/tokens/${first.id}`, headers: owner.mutatingHeaders })).statusCode).toBe(200);
    expect((await create()).statusCode).toBe(201);
    expect((await create()).statusCode).toBe(409);
  });

  it("another user's token is a 404 on revoke", async () => {
    const other = await signInTestUser(t.app);
    const { id } = await createToken(t, user);
    const response = await t.app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: other.mutatingHeaders });
    expect(response.statusCode).toBe(404);
  });

  it("records the last use at most once a minute", async () => {
    const { id, token } = await createToken(t, user);
    const lastUsed = async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const row = await t.db.kysely.selectFrom("personalAccessTokens").select("lastUsedAt").where("id", "=", id).executeTakeFirstOrThrow();
      return row.lastUsedAt;
    };
    await t.app.inject({ url: "/api/user", headers: bearer(token) });
    const first = await lastUsed();
    expect(first).toBe(t.app.now().toISOString());
    t.clock.advance(30 * 1000);
    await t.app.inject({ url: "/api/user", headers: bearer(token) });
    expect(await lastUsed()).toBe(first);
    t.clock.advance(31 * 1000);
    await t.app.inject({ url: "/api/user", headers: bearer(token) });
    expect(await lastUsed()).toBe(t.app.now().toISOString());
  });
});

describeEachDatabase("personal access tokens: several instances on one database", (dialect) => {
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

  it.runIf(dialect === "postgres")("a token revoked on one instance is refused by the other at once", async () => {
    const user = await signInTestUser(t.app);
    const { id, token } = await createToken(t, user);
    for (const app of [t.app, otherApp, otherApp]) {
      expect((await app.inject({ url: "/api/tasks/stalled", headers: bearer(token) })).statusCode).toBe(200);
    }
    expect((await t.app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: user.mutatingHeaders })).statusCode).toBe(200);
    expect((await otherApp.inject({ url: "/api/tasks/stalled", headers: bearer(token) })).statusCode).toBe(401);
  });
});
