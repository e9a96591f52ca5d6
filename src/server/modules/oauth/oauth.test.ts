// The MCP endpoint's OAuth (decision 057): discovery, registration, consent and PKCE driven by the official SDK
// client, then each rule of the tokens by hand: audience, rotation, replay, revocation, refusals.
import { createHash, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../test/free-port.ts";
import { connectAppDirectly, memoryOAuthClient } from "../../test/oauth-client.ts";
import { signInTestUser, type SignedInUser } from "../../test/sign-in.ts";
import { buildApp } from "../../app.ts";
import { createDb } from "../../db/database.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";

const REDIRECT = "http://127.0.0.1:9/callback";

const pkce = () => {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
};

/** A browser on the consent page: reads its form and answers it. */
async function answerConsent(authorizeUrl: string, user: SignedInUser | null, decision: "allow" | "deny") {
  const page = await fetch(authorizeUrl, { headers: user ? user.headers : {}, redirect: "manual" });
  if (page.status !== 200) return { page, location: page.headers.get("location") };
  const html = await page.text();
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, name, value]) => [
      name!,
      value!.replace(/&amp;/g, "&").replace(/&quot;/g, '"'),
    ]),
  );
  const answer = await fetch(new URL("/oauth/authorize", authorizeUrl), {
    method: "POST",
    headers: { ...user!.headers, "content-type": "application/x-www-form-urlencoded", origin: new URL(authorizeUrl).origin },
    body: new URLSearchParams({ ...fields, decision }),
    redirect: "manual",
  });
  return { page: answer, html, location: answer.headers.get("location") };
}

describeEachDatabase("OAuth for the MCP endpoint", (dialect) => {
  let t: TestApp;
  let base: string;
  let user: SignedInUser;
  let documents: Server;
  let documentsBase: string;
  const documentBodies = new Map<string, unknown>();

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await createTestApp(dialect, { config: { publicUrl: base, oauth: { allowPrivateClientUrls: true } } });
    await t.app.listen({ port, host: "127.0.0.1" });
    user = await signInTestUser(t.app, { name: "Planner" });
    documents = createServer((request, response) => {
      const body = documentBodies.get(request.url ?? "");
      response.writeHead(body === undefined ? 404 : 200, { "content-type": "application/json" }).end(JSON.stringify(body ?? {}));
    });
    await new Promise<void>((resolve) => documents.listen(0, "127.0.0.1", resolve));
    documentsBase = `http://127.0.0.1:${(documents.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    documents.close();
    await t.close();
  });

  const post = (path: string, form: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams(form),
    });

  async function register(body: Record<string, unknown> = {}) {
    const response = await fetch(`${base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: "https://claude.ai" },
      body: JSON.stringify({ client_name: "Test connector", redirect_uris: [REDIRECT], token_endpoint_auth_method: "none", ...body }),
    });
    expect(response.status, await response.clone().text()).toBe(201);
    return (await response.json()) as { client_id: string; client_secret?: string };
  }

  function authorizeUrl(clientId: string, challenge: string, extra: Record<string, string> = {}) {
    const url = new URL(`${base}/oauth/authorize`);
    const params = {
      response_type: "code",
      client_id: clientId,
      redirect_uri: REDIRECT,
      code_challenge: challenge,
      code_challenge_method: "S256",
      resource: `${base}/mcp`,
      state: "s1",
      ...extra,
    };
    for (const [key, value] of Object.entries(params)) if (value !== "") url.searchParams.set(key, value);
    return url.href;
  }

  /** Registration, consent and the code's exchange, by hand. */
  async function connectByHand(scope = "tasks:read tasks:write", name = "Test connector") {
    const client = await register({ client_name: name });
    const { verifier, challenge } = pkce();
    const { location } = await answerConsent(authorizeUrl(client.client_id, challenge, { scope }), user, "allow");
    const code = new URL(location!).searchParams.get("code")!;
    const response = await post("/oauth/token", {
      grant_type: "authorization_code",
      code,
      redirect_uri: REDIRECT,
      client_id: client.client_id,
      code_verifier: verifier,
      resource: `${base}/mcp`,
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return {
      client,
      tokens: (await response.json()) as { access_token: string; refresh_token: string; scope: string; expires_in: number },
    };
  }

  const mcpList = (token: string) =>
    fetch(`${base}/mcp`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });

  it("tells a client with nothing but the address where to get a token", async () => {
    const refused = await fetch(`${base}/mcp`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("www-authenticate")).toBe(
      `Bearer resource_metadata="${base}/.well-known/oauth-protected-resource/mcp", scope="tasks:read tasks:write"`,
    );
    for (const path of ["/.well-known/oauth-protected-resource/mcp", "/.well-known/oauth-protected-resource"]) {
      expect(await (await fetch(`${base}${path}`)).json()).toMatchObject({
        resource: `${base}/mcp`,
        authorization_servers: [base],
        scopes_supported: ["tasks:read", "tasks:write"],
      });
    }
    const metadata = await fetch(`${base}/.well-known/oauth-authorization-server`);
    expect(metadata.headers.get("access-control-allow-origin")).toBe("*");
    expect(await metadata.json()).toMatchObject({
      issuer: base,
      authorization_endpoint: `${base}/oauth/authorize`,
      token_endpoint: `${base}/oauth/token`,
      registration_endpoint: `${base}/oauth/register`,
      code_challenge_methods_supported: ["S256"],
      client_id_metadata_document_supported: true,
    });
  });

  it("lets the official SDK client connect through discovery, registration, consent and PKCE, and create a task", async () => {
    const { provider, consentUrl } = memoryOAuthClient({ name: "SDK test client", redirect: REDIRECT });
    const transport = () => new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { authProvider: provider });
    const first = new Client({ name: "sdk-test", version: "1.0.0" });
    const pending = transport();
    await expect(first.connect(pending)).rejects.toBeInstanceOf(UnauthorizedError);
    expect(consentUrl()!.searchParams.get("resource")).toBe(`${base}/mcp`);
    const { html, location } = await answerConsent(consentUrl()!.href, user, "allow");
    expect(html).toContain("Allow SDK test client to use Daywise?");
    expect(html).toContain("Create, change, complete and delete your tasks");
    await pending.finishAuth(new URL(location!).searchParams.get("code")!);

    const client = new Client({ name: "sdk-test", version: "1.0.0" });
    await client.connect(transport());
    const result = await client.callTool({ name: "create_tasks", arguments: { tasks: [{ title: "Made through OAuth" }] } });
    expect(result.isError).toBeFalsy();
    const search = await t.app.inject({ url: "/api/tasks/search?q=OAuth", headers: user.headers });
    expect(search.json()).toEqual([expect.objectContaining({ title: "Made through OAuth" })]);
    const listed = (await t.app.inject({ url: "/api/tokens", headers: user.headers })).json() as Array<Record<string, unknown>>;
    expect(listed).toContainEqual(
      expect.objectContaining({ kind: "connection", name: "SDK test client", scope: "write", lastUsedAt: expect.any(String) }),
    );
    await client.close();
  });

  it("binds the token to the MCP endpoint: the REST API refuses it", async () => {
    const { tokens } = await connectByHand();
    expect((await mcpList(tokens.access_token)).status).toBe(200);
    const rest = await fetch(`${base}/api/tasks/search?q=x`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(rest.status).toBe(401);
    expect((await rest.json()).message).toBe(`This access token is for ${base}/mcp only`);
  });

  it("rotates the refresh token on each use; a used one presented again ends the whole connection", async () => {
    const { client, tokens } = await connectByHand();
    const refresh = (token: string) =>
      post("/oauth/token", { grant_type: "refresh_token", refresh_token: token, client_id: client.client_id, resource: `${base}/mcp` });
    const rotated = await refresh(tokens.refresh_token);
    expect(rotated.status).toBe(200);
    const next = (await rotated.json()) as { access_token: string; refresh_token: string };
    expect(next.refresh_token).not.toBe(tokens.refresh_token);
    expect((await mcpList(next.access_token)).status).toBe(200);

    const replay = await refresh(tokens.refresh_token);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: "invalid_grant" });
    expect((await mcpList(next.access_token)).status).toBe(401);
    expect((await refresh(next.refresh_token)).status).toBe(400);
  });

  it("keeps a connection 90 days from its last refresh", async () => {
    const { client, tokens } = await connectByHand();
    t.clock.advance(89 * 24 * 60 * 60 * 1000);
    const refreshed = await post("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: tokens.refresh_token,
      client_id: client.client_id,
      resource: `${base}/mcp`,
    });
    expect(refreshed.status).toBe(200);
    const next = (await refreshed.json()) as { refresh_token: string };
    t.clock.advance(91 * 24 * 60 * 60 * 1000);
    const late = await post("/oauth/token", {
      grant_type: "refresh_token",
      refresh_token: next.refresh_token,
      client_id: client.client_id,
      resource: `${base}/mcp`,
    });
    expect(await late.json()).toMatchObject({ error: "invalid_grant" });
    user = await signInTestUser(t.app, { name: "Planner" });
  });

  it("replaces a connection when the same app connects again, so Settings lists it once", async () => {
    const clientId = `${documentsBase}/again.json`;
    documentBodies.set("/again.json", { client_id: clientId, client_name: "Reconnecting app", redirect_uris: [REDIRECT] });
    const connect = async () => {
      const { verifier, challenge } = pkce();
      const { location } = await answerConsent(authorizeUrl(clientId, challenge), user, "allow");
      const code = new URL(location!).searchParams.get("code")!;
      const form = {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        resource: `${base}/mcp`,
      };
      return (await (await post("/oauth/token", form)).json()) as { access_token: string };
    };
    const first = await connect();
    const second = await connect();
    expect((await mcpList(first.access_token)).status).toBe(401);
    expect((await mcpList(second.access_token)).status).toBe(200);
    const revokedTokens = await t.db.kysely
      .selectFrom("oauthTokens as k")
      .innerJoin("oauthGrants as g", "g.id", "k.grantId")
      .select("k.tokenHash")
      .where("g.revokedAt", "is not", null)
      .execute();
    expect(revokedTokens).toEqual([]);
    const listed = (await t.app.inject({ url: "/api/tokens", headers: user.headers })).json() as Array<{ name: string }>;
    expect(listed.filter((item) => item.name === "Reconnecting app")).toHaveLength(1);
  });

  it("revokes a connection from Settings: its tokens stop at once; another user's is a 404", async () => {
    const { tokens } = await connectByHand("tasks:read tasks:write", "To revoke");
    const listed = (await t.app.inject({ url: "/api/tokens", headers: user.headers })).json() as Array<{ id: string; name: string }>;
    const connection = listed.find((item) => item.name === "To revoke")!;
    const stranger = await signInTestUser(t.app, { name: "Stranger" });
    expect(
      (await t.app.inject({ method: "DELETE", url: `/api/tokens/${connection.id}`, headers: stranger.mutatingHeaders })).statusCode,
    ).toBe(404);
    expect((await mcpList(tokens.access_token)).status).toBe(200);
    expect((await t.app.inject({ method: "DELETE", url: `/api/tokens/${connection.id}`, headers: user.mutatingHeaders })).statusCode).toBe(
      200,
    );
    expect((await mcpList(tokens.access_token)).status).toBe(401);
  });

  it("answers a read grant calling a write tool with 403 insufficient_scope", async () => {
    const { tokens } = await connectByHand("tasks:read");
    expect(tokens.scope).toBe("tasks:read");
    const response = await fetch(`${base}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        authorization: `Bearer ${tokens.access_token}`,
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_tasks", arguments: { tasks: [{ title: "No" }] } },
      }),
    });
    expect(response.status).toBe(403);
    expect(response.headers.get("www-authenticate")).toContain('error="insufficient_scope"');
    expect((await mcpList(tokens.access_token)).status).toBe(200);
  });

  it("uses a code once, with its verifier, redirect address and resource", async () => {
    const client = await register();
    const { verifier, challenge } = pkce();
    const { location } = await answerConsent(authorizeUrl(client.client_id, challenge), user, "allow");
    expect(new URL(location!).searchParams.get("state")).toBe("s1");
    expect(new URL(location!).searchParams.get("iss")).toBe(base);
    const code = new URL(location!).searchParams.get("code")!;
    const exchange = (form: Record<string, string>) =>
      post("/oauth/token", {
        grant_type: "authorization_code",
        code,
        redirect_uri: REDIRECT,
        client_id: client.client_id,
        code_verifier: verifier,
        resource: `${base}/mcp`,
        ...form,
      });
    expect(await (await exchange({ code_verifier: pkce().verifier })).json()).toMatchObject({ error: "invalid_grant" });
    // A failed exchange used the code up too.
    expect(await (await exchange({})).json()).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses requests without PKCE, for another resource, or from an address the client did not register", async () => {
    const client = await register();
    const { challenge } = pkce();
    const errorOf = async (url: string) => {
      const { location } = await answerConsent(url, user, "allow");
      return new URL(location!).searchParams.get("error");
    };
    expect(await errorOf(authorizeUrl(client.client_id, challenge, { code_challenge_method: "plain" }))).toBe("invalid_request");
    expect(await errorOf(authorizeUrl(client.client_id, "", {}))).toBe("invalid_request");
    expect(await errorOf(authorizeUrl(client.client_id, challenge, { resource: "https://elsewhere.example/mcp" }))).toBe("invalid_target");
    expect(await errorOf(authorizeUrl(client.client_id, challenge, { resource: "" }))).toBe("invalid_target");
    expect(await errorOf(authorizeUrl(client.client_id, challenge, { scope: "admin" }))).toBe("invalid_scope");
    // Never sent back to an address the client did not register: the user sees why.
    const stranger = await fetch(authorizeUrl(client.client_id, challenge, { redirect_uri: "https://evil.example/cb" }), {
      headers: user.headers,
      redirect: "manual",
    });
    expect(stranger.status).toBe(400);
    expect(await stranger.text()).toContain("The redirect_uri is not one this client registered");
    const unknown = await fetch(authorizeUrl("dwc_unknown", challenge), { headers: user.headers, redirect: "manual" });
    expect(unknown.status).toBe(400);
    const badRegistration = await fetch(`${base}/oauth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["javascript:alert(1)"] }),
    });
    expect(await badRegistration.json()).toMatchObject({ error: "invalid_redirect_uri" });
  });

  it("sends a visitor to sign in first, or resumes a session the browser still holds, back to the same request; a denial goes back as access_denied", async () => {
    const client = await register();
    const url = authorizeUrl(client.client_id, pkce().challenge);
    const { page, location } = await answerConsent(url, null, "allow");
    expect(page.status).toBe(302);
    const resume = new URL(location!, base);
    expect(resume.pathname).toBe("/auth/resume");
    expect(resume.searchParams.get("returnTo")).toBe(url.slice(base.length));
    const signIn = await fetch(resume, { redirect: "manual" });
    expect(new URL(signIn.headers.get("location")!, base).pathname).toBe("/auth/local");
    // The access cookie gone (an hour passed), the refresh cookie (sent under /auth only) resumes the session.
    const later = await signInTestUser(t.app);
    const resumed = await fetch(resume, { headers: { cookie: `refresh_token=${later.refreshToken}` }, redirect: "manual" });
    expect(resumed.status).toBe(302);
    expect(resumed.headers.get("location")).toBe(url.slice(base.length));
    expect(resumed.headers.getSetCookie().some((cookie) => cookie.startsWith("access_token="))).toBe(true);
    const denied = await answerConsent(url, user, "deny");
    expect(new URL(denied.location!).searchParams.get("error")).toBe("access_denied");
  });

  it("refuses a consent answer without the page's CSRF token", async () => {
    const client = await register();
    const response = await fetch(`${base}/oauth/authorize`, {
      method: "POST",
      headers: { ...user.headers, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        response_type: "code",
        client_id: client.client_id,
        redirect_uri: REDIRECT,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
        resource: `${base}/mcp`,
        decision: "allow",
      }),
      redirect: "manual",
    });
    expect(response.status).toBe(403);
  });

  it("reads a client metadata document for a client known by its address, and needs its secret from a confidential client", async () => {
    const clientId = `${documentsBase}/client.json`;
    documentBodies.set("/client.json", {
      client_id: clientId,
      client_name: "Document client",
      client_uri: "https://client.example",
      redirect_uris: [REDIRECT],
    });
    const { html, location } = await answerConsent(authorizeUrl(clientId, pkce().challenge), user, "allow");
    expect(html).toContain("Allow Document client to use Daywise?");
    expect(html).toContain("client.example");
    expect(new URL(location!).searchParams.get("code")).toBeTruthy();
    documentBodies.set("/other.json", { client_id: "https://someone.else/client.json", redirect_uris: [REDIRECT] });
    const mismatched = await fetch(authorizeUrl(`${documentsBase}/other.json`, pkce().challenge), { headers: user.headers });
    expect(await mismatched.text()).toContain("names another client_id");

    const confidential = await register({ token_endpoint_auth_method: "client_secret_basic" });
    const { verifier, challenge } = pkce();
    const consent = await answerConsent(authorizeUrl(confidential.client_id, challenge), user, "allow");
    const form = {
      grant_type: "authorization_code",
      code: new URL(consent.location!).searchParams.get("code")!,
      redirect_uri: REDIRECT,
      code_verifier: verifier,
      resource: `${base}/mcp`,
    };
    const basic = (secret: string) => ({ authorization: `Basic ${Buffer.from(`${confidential.client_id}:${secret}`).toString("base64")}` });
    const wrong = await post("/oauth/token", form, basic("wrong"));
    expect(wrong.status).toBe(401);
    expect((await post("/oauth/token", form, basic(confidential.client_secret!))).status).toBe(200);
  });
});

describe("client metadata documents on private networks", () => {
  it("are refused unless allowed", async () => {
    const t = await createTestApp("sqlite");
    try {
      const user = await signInTestUser(t.app);
      const response = await t.app.inject({
        url: `/oauth/authorize?response_type=code&client_id=${encodeURIComponent("https://127.0.0.1:9/client.json")}&redirect_uri=${encodeURIComponent(REDIRECT)}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain("on a private network");
    } finally {
      await t.close();
    }
  });
});

describeEachDatabase("a connection revoked on one instance", (dialect) => {
  it.runIf(dialect === "postgres")("is refused by another instance on the same database at once", async () => {
    const t = await createTestApp(dialect);
    const other = createDb({ kind: "postgres", url: t.url!, schema: t.db.schema! });
    const otherApp = await buildApp(testConfig(), { db: other, logger: false, now: () => t.clock.now, webRoot: "/nonexistent" });
    try {
      const user = await signInTestUser(t.app);
      const { oauth } = t.app;
      const { tokens } = await connectAppDirectly(oauth, user.userId, REDIRECT);
      const list = { method: "POST" as const, url: "/mcp", payload: { jsonrpc: "2.0", id: 1, method: "tools/list" } };
      const headers = { authorization: `Bearer ${tokens.access_token}`, accept: "application/json, text/event-stream" };
      expect((await otherApp.inject({ ...list, headers })).statusCode).toBe(200);
      const [connection] = (await t.app.inject({ url: "/api/tokens", headers: user.headers })).json() as Array<{ id: string }>;
      expect(
        (await t.app.inject({ method: "DELETE", url: `/api/tokens/${connection!.id}`, headers: user.mutatingHeaders })).statusCode,
      ).toBe(200);
      expect((await otherApp.inject({ ...list, headers })).statusCode).toBe(401);
    } finally {
      await otherApp.close();
      await other.close();
      await t.close();
    }
  });
});
