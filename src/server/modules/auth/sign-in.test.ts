// The relying party against a test issuer: the happy path, the refusals (wrong state, replayed
// code, wrong nonce, wrong audience, expired ID token, ...) and the return path.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { THEME_SCRIPT } from "../../../shared/theme-script.ts";
import { TestBrowser } from "../../test/browser.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";
import { startTestIssuer, type TestIssuer } from "../../test/test-issuer.ts";
import { sanitizeReturnTo } from "./sign-in-flow.ts";

describeEachDatabase("sign-in with an OpenID Connect provider", (dialect) => {
  let issuer: TestIssuer;
  let t: TestApp;
  beforeAll(async () => {
    issuer = await startTestIssuer();
    t = await createTestApp(dialect, {
      config: {
        auth: {
          ...testConfig().auth,
          oidc: { issuer: issuer.url, clientId: issuer.clientId, clientSecret: issuer.clientSecret, displayName: "Test SSO" },
        },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await issuer.close();
  });
  afterEach(() => {
    issuer.misbehave = {};
    issuer.identity = { sub: "subject-1", name: "Test Person", email: "person@example.test" };
  });

  /** GET /auth/oidc, then the provider: returns the callback URL the provider sends the browser to. */
  async function startSignIn(browser: TestBrowser, returnTo?: string) {
    const start = await browser.get(`/auth/oidc${returnTo === undefined ? "" : `?returnTo=${encodeURIComponent(returnTo)}`}`);
    expect(start.statusCode, start.body).toBe(302);
    return { start, callback: await issuer.authorize(String(start.headers.location)) };
  }

  async function signIn(browser: TestBrowser, returnTo?: string) {
    const { callback } = await startSignIn(browser, returnTo);
    return browser.get(callback.href, { accept: "application/json" });
  }

  it("lists the configured providers with their display names", async () => {
    const response = await t.app.inject("/auth/providers");
    expect(response.json()).toEqual({
      providers: [
        { id: "oidc", displayName: "Test SSO" },
        { id: "local", displayName: "Local account" },
      ],
    });
  });

  it("sends the browser to the provider with PKCE (S256), state, nonce and the exact redirect URI", async () => {
    const browser = new TestBrowser(t.app);
    const start = await browser.get("/auth/oidc");
    const url = new URL(String(start.headers.location));
    expect(`${url.origin}${url.pathname}`).toBe(`${issuer.url}/authorize`);
    expect(url.searchParams.get("client_id")).toBe(issuer.clientId);
    expect(url.searchParams.get("redirect_uri")).toBe("http://localhost:3000/auth/oidc/callback");
    expect(url.searchParams.get("response_type")).toBe("code");
    expect(url.searchParams.get("scope")).toBe("openid email profile");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[\w-]{43}$/);
    expect(url.searchParams.get("nonce")).toMatch(/^[\w-]{43}$/);
    // The verifier stays in the browser's signed cookie, never in the URL.
    expect(url.searchParams.has("code_verifier")).toBe(false);
    expect(browser.jar.has("sign_in_flow")).toBe(true);
  });

  it("signs in, keys the user by (issuer, subject) and refreshes name, e-mail and picture each time", async () => {
    issuer.identity = { sub: "alice", name: "Alice", email: "alice@example.test", picture: "https://images.example/alice.png" };
    const first = new TestBrowser(t.app);
    const done = await signIn(first);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe("/");
    const user = (await first.get("/api/user")).json();
    expect(user).toMatchObject({ name: "Alice", email: "alice@example.test", avatarUrl: "https://images.example/alice.png" });

    issuer.identity = { sub: "alice", name: "Alice Liddell", email: "alice@new.example", picture: "http://insecure.example/a.png" };
    const second = new TestBrowser(t.app);
    await signIn(second);
    const again = (await second.get("/api/user")).json();
    expect(again.id).toBe(user.id);
    expect(again).toMatchObject({ name: "Alice Liddell", email: "alice@new.example", avatarUrl: null });

    // Another subject with the same e-mail address is another user.
    issuer.identity = { sub: "someone-else", name: "Not Alice", email: "alice@new.example" };
    const third = new TestBrowser(t.app);
    await signIn(third);
    expect((await third.get("/api/user")).json().id).not.toBe(user.id);

    const identity = await t.db.kysely.selectFrom("userIdentities").selectAll().where("userId", "=", user.id).executeTakeFirstOrThrow();
    expect(identity).toMatchObject({ issuer: issuer.url, subject: "alice" });
  });

  it("drops NUL characters from the provider's name and e-mail instead of failing the sign-in", async () => {
    issuer.identity = { sub: "nul-user", name: "Ma\u0000ry", email: "mary\u0000@example.test" };
    const browser = new TestBrowser(t.app);
    expect((await signIn(browser)).statusCode).toBe(302);
    expect((await browser.get("/api/user")).json()).toMatchObject({ name: "Mary", email: "mary@example.test" });
  });

  it("refuses a callback whose state is not the one of this browser, before redeeming the code", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await startSignIn(browser);
    callback.searchParams.set("state", "forged-state-value-forged-state-value-forged");
    const before = issuer.tokenRequests;
    const refused = await browser.get(callback.href, { accept: "application/json" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: expect.stringMatching(/^Sign-in failed: .*state/i), code: "bad_request" });
    expect(issuer.tokenRequests).toBe(before);
    expect(browser.jar.has("access_token")).toBe(false);
  });

  it("refuses a replayed callback: the flow is usable once, in this browser and with a copied cookie", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await startSignIn(browser);
    const copiedCookie = browser.jar.header("/auth/oidc/callback");
    expect((await browser.get(callback.href)).statusCode).toBe(302);
    const before = issuer.tokenRequests;

    const sameBrowser = await browser.get(callback.href, { accept: "application/json" });
    expect(sameBrowser.statusCode).toBe(400);
    expect(sameBrowser.json().message).toMatch(/no sign-in was started/);

    const withCopiedCookie = await t.app.inject({ url: browser.pathOf(callback.href), headers: { cookie: copiedCookie } });
    expect(withCopiedCookie.statusCode).toBe(400);
    expect(withCopiedCookie.json().message).toMatch(/already completed/);
    expect(issuer.tokenRequests).toBe(before);
  });

  it("refuses a code the provider has already redeemed", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await startSignIn(browser);
    const code = callback.searchParams.get("code")!;
    // Someone else redeems the code first (e.g. it leaked from a log); our redemption then fails.
    const stolen = await fetch(`${issuer.url}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        grant_type: "authorization_code",
        code,
        client_id: issuer.clientId,
        client_secret: issuer.clientSecret,
        redirect_uri: "http://localhost:3000/auth/oidc/callback",
        code_verifier: "wrong-verifier-wrong-verifier-wrong-verifier-0",
      }),
    });
    expect(stolen.status).toBe(400);
    const refused = await browser.get(callback.href, { accept: "application/json" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/invalid_grant/);
    expect(browser.jar.has("access_token")).toBe(false);
  });

  it.each([
    ["a wrong nonce", { nonce: "another-nonce" }, /nonce/i],
    ["a wrong audience", { audience: "another-client" }, /aud/i],
    ["an expired ID token", { expiresIn: -120 }, /exp/i],
    ["another issuer", { issuer: "https://evil.example" }, /iss/i],
  ])("refuses an ID token with %s", async (_label, misbehave, reason) => {
    issuer.misbehave = misbehave;
    const browser = new TestBrowser(t.app);
    const refused = await signIn(browser);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("bad_request");
    expect(refused.json().message).toMatch(reason);
    expect(browser.jar.has("access_token")).toBe(false);
    expect(browser.jar.has("refresh_token")).toBe(false);
  });

  it("refuses a callback without the flow cookie, with a tampered one, or one of another provider", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await startSignIn(browser);
    const path = browser.pathOf(callback.href);
    const cookie = browser.jar.header("/auth/oidc/callback");
    const [name, value] = cookie.split(/=(.*)/s) as [string, string];
    const tampered = `${name}=${Buffer.from(JSON.stringify({ provider: "oidc" })).toString("base64url")}.${value.split(".").pop()}`;
    for (const headers of [{}, { cookie: tampered }]) {
      const refused = await t.app.inject({ url: path, headers });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/no sign-in was started/);
    }
    const otherProvider = await t.app.inject({ url: path.replace("/auth/oidc/", "/auth/local/"), headers: { cookie } });
    expect(otherProvider.statusCode).toBe(400);
  });

  it("refuses a sign-in that took longer than ten minutes", async () => {
    const browser = new TestBrowser(t.app);
    const { callback } = await startSignIn(browser);
    const cookie = browser.jar.header("/auth/oidc/callback");
    t.clock.advance(10 * 60 * 1000 + 1);
    const refused = await t.app.inject({ url: browser.pathOf(callback.href), headers: { cookie } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/took too long/);
  });

  it("reports the provider's refusal (e.g. the person cancelled) as a failed sign-in page for a browser", async () => {
    const browser = new TestBrowser(t.app);
    const { start } = await startSignIn(browser);
    const state = new URL(String(start.headers.location)).searchParams.get("state")!;
    const refused = await browser.get(`/auth/oidc/callback?error=access_denied&state=${state}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.headers["content-type"]).toContain("text/html");
    expect(refused.body).toContain("Sign-in failed");
    expect(refused.body).toContain("access_denied");
    expect(refused.body).toContain('href="/auth/oidc"');
    // No script but the theme's (decision 017), which the CSP allows by its hash.
    expect(refused.body.match(/<script\b[^>]*>[^]*?<\/script>/gi)).toEqual([`<script>${THEME_SCRIPT}</script>`]);
  });

  it.each([
    ["/goals", "/goals"],
    ["/settings?tab=ai#top", "/settings?tab=ai#top"],
    ["//evil.example", "/"],
    ["//evil.example/path", "/"],
    ["/\\evil.example", "/"],
    ["/\\/evil.example", "/"],
    ["https://evil.example/", "/"],
    ["javascript:alert(1)", "/"],
    ["goals", "/"],
    ["/\t/evil.example", "/"],
    ["", "/"],
  ])("returns to %j as %j after signing in", async (returnTo, expected) => {
    const browser = new TestBrowser(t.app);
    const done = await signIn(browser, returnTo);
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(expected);
  });
});

describe("sanitizeReturnTo", () => {
  it("keeps only paths of this site", () => {
    expect(sanitizeReturnTo("/insights?x=1")).toBe("/insights?x=1");
    expect(sanitizeReturnTo("/a/../b")).toBe("/b");
    expect(sanitizeReturnTo(["/goals"])).toBe("/");
    expect(sanitizeReturnTo(undefined)).toBe("/");
    expect(sanitizeReturnTo("/\u0000//evil.example")).toBe("/");
    expect(sanitizeReturnTo(`/${"a".repeat(3000)}`)).toBe("/");
  });
});

describe("providers that cannot be reached", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite", {
      config: {
        auth: {
          ...testConfig().auth,
          // Nothing listens on port 9: discovery fails fast.
          oidc: { issuer: "http://127.0.0.1:9", clientId: "id", clientSecret: "secret", displayName: "Down" },
        },
      },
    });
  });
  afterAll(() => t.close());

  it("answers 503 with a message, and tries discovery again next time", async () => {
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await t.app.inject("/auth/oidc");
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ message: "Down sign-in is not reachable right now; try again later", code: "unavailable" });
    }
  });

  it("has no route for a provider that is not configured", async () => {
    expect((await t.app.inject("/auth/google")).statusCode).toBe(404);
  });
});
