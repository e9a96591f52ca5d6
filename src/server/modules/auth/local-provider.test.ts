import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { TestBrowser, formAction } from "../../test/browser.ts";
import { THEME_SCRIPT } from "../../../shared/theme-script.ts";
import { themeScriptSource } from "../../plugins/security.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";
import { loadOrCreateSigningKeys, localSubject } from "./local-provider.ts";
import { createMemoryStore } from "./local-provider-store.ts";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

interface Person {
  name: string;
  email: string;
}

/** The whole sign-in through the built-in provider, as a browser does it. */
async function signInLocally(browser: TestBrowser, person: Person, returnTo?: string) {
  const start = await browser.get(`/auth/local${returnTo === undefined ? "" : `?returnTo=${encodeURIComponent(returnTo)}`}`);
  expect(start.statusCode).toBe(302);
  const { response: page, visited } = await browser.follow(start);
  expect(page.statusCode, page.body).toBe(200);
  let response: LightMyRequestResponse = await browser.request("POST", formAction(page.body), { form: { ...person } });
  const afterForm: string[] = [];
  while (response.statusCode >= 300 && response.statusCode < 400) {
    const location = String(response.headers.location);
    afterForm.push(location);
    const isCallback = browser.pathOf(location).startsWith("/auth/local/callback");
    response = await browser.get(location);
    if (isCallback) return { start, page, callback: response, visited: [...visited, ...afterForm] };
  }
  throw new Error(`the sign-in did not reach the callback: ${response.statusCode} ${response.body}`);
}

function setCookie(response: LightMyRequestResponse, name: string): string {
  const all = [response.headers["set-cookie"] ?? []].flat().map(String);
  const found = all.find((value) => value.startsWith(`${name}=`));
  if (!found) throw new Error(`no Set-Cookie for ${name} in ${all.join(" | ")}`);
  return found;
}

describeEachDatabase("sign-in through the built-in local provider", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("lists the local provider for the welcome screen", async () => {
    const response = await t.app.inject("/auth/providers");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ providers: [{ id: "local", displayName: "Local account" }] });
  });

  it("shows a sign-in page with the fields Name and Email and the button Sign in, with no script but the theme's", async () => {
    const browser = new TestBrowser(t.app);
    const { response: page, visited } = await browser.follow(await browser.get("/auth/local"));
    expect(visited[0]).toMatch(/^http:\/\/localhost:3000\/oidc\/auth\?/);
    const authorization = new URL(visited[0]!);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorization.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/local/callback");
    expect(authorization.searchParams.get("state")).toBeTruthy();
    expect(authorization.searchParams.get("nonce")).toBeTruthy();
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toMatch(/<label for="name">Name<\/label>/);
    expect(page.body).toMatch(/<label for="email">Email<\/label>/);
    expect(page.body).toMatch(/<button type="submit">Sign in<\/button>/);
    // Only the theme's first-paint script (decision 017), which the CSP allows by its hash.
    expect(page.body.match(/<script\b[^>]*>[^]*?<\/script>/gi)).toEqual([`<script>${THEME_SCRIPT}</script>`]);
    expect(String(page.headers["content-security-policy"])).toContain(`script-src 'self' ${themeScriptSource()}`);
    // The app's icon (else the browser asks for /favicon.ico, a 404) and its brand: the name, linked home.
    expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    expect(page.body).toMatch(/<a class="brand" href="\/">.*<span>Daywise<\/span><\/a>/);
  });

  it("signs in end to end: the user exists, the three cookies are set and /api/user answers", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await signInLocally(browser, { name: "Ada Lovelace", email: "ada@example.test" }, "/goals?view=all");
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toBe("/goals?view=all");
    for (const name of ["access_token", "refresh_token", "csrfToken"]) expect(browser.jar.has(name)).toBe(true);
    expect(browser.jar.has("sign_in_flow")).toBe(false);

    const user = await browser.get("/api/user");
    expect(user.statusCode).toBe(200);
    expect(user.json()).toMatchObject({ name: "Ada Lovelace", email: "ada@example.test", avatarUrl: null, timeZone: "UTC" });

    const identity = await t.db.kysely
      .selectFrom("userIdentities")
      .selectAll()
      .where("userId", "=", user.json().id)
      .executeTakeFirstOrThrow();
    expect(identity.issuer).toBe("http://localhost:3000/oidc");
    expect(identity.subject).toBe(localSubject("ada@example.test"));
  });

  it("sets every cookie of the callback with the agreed attributes (no Secure over http)", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await signInLocally(browser, { name: "Cookie Check", email: "cookies@example.test" });
    const access = setCookie(callback, "access_token");
    expect(access).toMatch(/; Max-Age=(3600|3599); Path=\/; HttpOnly; SameSite=Lax$/);
    const refresh = setCookie(callback, "refresh_token");
    expect(refresh).toMatch(/; Max-Age=\d+; Path=\/auth; HttpOnly; SameSite=Lax$/);
    expect(Number(/Max-Age=(\d+)/.exec(refresh)?.[1])).toBeGreaterThan(13 * 24 * 3600);
    expect(Number(/Max-Age=(\d+)/.exec(refresh)?.[1])).toBeLessThanOrEqual(14 * 24 * 3600);
    const csrf = setCookie(callback, "csrfToken");
    expect(csrf).toMatch(/; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(csrf).not.toContain("HttpOnly");
    const flow = setCookie(callback, "sign_in_flow");
    expect(flow).toMatch(/^sign_in_flow=; Max-Age=0; Path=\/auth; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax$/);
    for (const value of [access, refresh, csrf, flow]) expect(value).not.toContain("Secure");
  });

  it("keeps one user per e-mail address (in any case) and refreshes the name at each sign-in", async () => {
    const first = new TestBrowser(t.app);
    await signInLocally(first, { name: "Grace", email: "grace@example.test" });
    const firstUser = (await first.get("/api/user")).json();
    const second = new TestBrowser(t.app);
    await signInLocally(second, { name: "Grace Hopper", email: "  GRACE@Example.TEST " });
    const secondUser = (await second.get("/api/user")).json();
    expect(secondUser.id).toBe(firstUser.id);
    expect(secondUser.name).toBe("Grace Hopper");
    expect((await first.get("/api/user")).json().name).toBe("Grace Hopper");
  });

  it("starts a new session at every sign-in and ends the one this browser held", async () => {
    const browser = new TestBrowser(t.app);
    await signInLocally(browser, { name: "Twice", email: "twice@example.test" });
    const oldCookies = browser.jar.header("/api/user", t.app.now());
    const userId = (await browser.get("/api/user")).json().id;
    await signInLocally(browser, { name: "Twice", email: "twice@example.test" });
    const sessions = await t.db.kysely.selectFrom("sessions").selectAll().where("userId", "=", userId).execute();
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.revokedAt === null)).toHaveLength(1);
    expect((await t.app.inject({ url: "/api/user", headers: { cookie: oldCookies } })).statusCode).toBe(401);
    expect((await browser.get("/api/user")).statusCode).toBe(200);
  });

  it("always shows the sign-in page again, so that one can sign in as someone else", async () => {
    const browser = new TestBrowser(t.app);
    await signInLocally(browser, { name: "First", email: "first@example.test" });
    const { callback } = await signInLocally(browser, { name: "Second", email: "second@example.test" });
    expect(callback.statusCode).toBe(302);
    expect((await browser.get("/api/user")).json().email).toBe("second@example.test");
  });

  it("answers a bad form with the page again and a message, and signs no one in", async () => {
    const browser = new TestBrowser(t.app);
    const { response: page } = await browser.follow(await browser.get("/auth/local"));
    const refused = await browser.request("POST", formAction(page.body), { form: { name: " ", email: "not-an-email" } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain("Enter your name");
    expect(refused.body).toContain("Enter a valid e-mail address");
    expect(refused.body).toContain('value="not-an-email"');
    expect(browser.jar.has("access_token")).toBe(false);
  });

  it("refuses a sign-in form posted from another site", async () => {
    const browser = new TestBrowser(t.app);
    const { response: page } = await browser.follow(await browser.get("/auth/local"));
    const refused = await browser.request("POST", formAction(page.body), {
      form: { name: "Mallory", email: "mallory@example.test" },
      headers: { origin: "https://evil.example" },
    });
    expect(refused.statusCode).toBe(403);
  });

  it("says so when the sign-in page is unknown or expired", async () => {
    const browser = new TestBrowser(t.app);
    const response = await browser.get("/oidc/interaction/does-not-exist");
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain("expired or was already used");
    expect(response.body).toContain('href="/auth/local"');
  });

  it("serves the provider's discovery document with its issuer under /oidc", async () => {
    const response = await t.app.inject("/oidc/.well-known/openid-configuration");
    expect(response.statusCode).toBe(200);
    const metadata = response.json();
    expect(metadata.issuer).toBe("http://localhost:3000/oidc");
    expect(metadata.token_endpoint).toBe("http://localhost:3000/oidc/token");
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
  });
});

describe("local provider under an https public URL", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      config: { publicUrl: "https://daywise.example", auth: { ...testConfig().auth, localSignIn: true } },
    });
  });
  afterAll(() => t.close());

  it("signs in and marks every session cookie Secure", async () => {
    const browser = new TestBrowser(t.app, "https://daywise.example");
    const { callback, visited } = await signInLocally(browser, { name: "Secure", email: "secure@example.test" });
    expect(visited[0]).toMatch(/^https:\/\/daywise\.example\/oidc\/auth\?/);
    expect(callback.statusCode).toBe(302);
    for (const name of ["access_token", "refresh_token", "csrfToken", "sign_in_flow"]) {
      expect(setCookie(callback, name)).toMatch(/; Secure/);
    }
  });
});

describe("local provider signing keys", () => {
  it("are created once in DATA_DIR (private to the owner) and read back afterwards", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "daywise-jwks-"));
    const [first, second] = await Promise.all([loadOrCreateSigningKeys(dir), loadOrCreateSigningKeys(dir)]);
    expect(first.keys[0]?.kid).toBe(second.keys[0]?.kid);
    const file = path.join(dir, "oidc-jwks.json");
    expect(JSON.parse(readFileSync(file, "utf8")).keys[0].kid).toBe(first.keys[0]?.kid);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect((await loadOrCreateSigningKeys(dir)).keys[0]?.kid).toBe(first.keys[0]?.kid);
  });
});

describe("local provider store", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("forgets artifacts when they expire, and keeps at most the newest entries", async () => {
    vi.useFakeTimers({ now: new Date("2026-03-01T10:00:00Z") });
    const codes = createMemoryStore(3)("AuthorizationCode");
    await codes.upsert("a", { grantId: "g1" }, 60);
    expect(await codes.find("a")).toEqual({ grantId: "g1" });
    await codes.consume("a");
    expect((await codes.find("a"))?.consumed).toBe(Math.floor(Date.now() / 1000));
    vi.advanceTimersByTime(60_001);
    expect(await codes.find("a")).toBeUndefined();

    const store = createMemoryStore(2);
    const sessions = store("Session");
    await sessions.upsert("s1", { uid: "u1" }, 600);
    expect(await sessions.findByUid("u1")).toEqual({ uid: "u1" });
    await sessions.upsert("s2", { uid: "u2" }, 600);
    expect(await sessions.findByUid("u1")).toBeUndefined();
  });

  it("revokes every token of a grant", async () => {
    const store = createMemoryStore();
    const codes = store("AuthorizationCode");
    const tokens = store("AccessToken");
    await codes.upsert("c", { grantId: "g" }, 60);
    await tokens.upsert("t", { grantId: "g" }, 60);
    await tokens.upsert("other", { grantId: "h" }, 60);
    await codes.revokeByGrantId("g");
    expect(await codes.find("c")).toBeUndefined();
    expect(await tokens.find("t")).toBeUndefined();
    expect(await tokens.find("other")).toEqual({ grantId: "h" });
  });
});
