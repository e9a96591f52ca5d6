// Two harnesses generated from Fastify's route table, so that every route added later is covered
// without anyone remembering to:
//  (a) every POST, PUT, PATCH and DELETE route refuses a signed-in user's request without a CSRF
//      token, with a wrong one and with another session's, with 403;
//  (b) on every route whose URL takes a param, a second user gets 404 (never 200 or 403) for the
//      first user's resource, for every method of that route. The resource comes from the route's
//      factory in resource-factories.ts; a param route without one fails, saying to add it.
//      (b) runs again with both users holding a write personal access token instead of a session.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app.ts";
import type { RouteEntry } from "../plugins/route-table.ts";
import { type CreatedResource, type ResourceFactory, resourceFactories } from "./resource-factories.ts";
import { harnessAllowList } from "./route-allow-list.ts";
import { signInTestUser, type SignedInUser } from "./sign-in.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp, testConfig } from "./test-app.ts";

const UNSAFE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];
const isAllowListed = (url: string) => harnessAllowList.some((entry) => entry.url === url);
const hasParam = (url: string) => /(^|\/):[^/]+|\*/.test(url);
const placeholderId = "00000000-0000-4000-8000-000000000000";

function fillUrl(url: string, resource: CreatedResource): string {
  return url
    .replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(resource.params?.[name] ?? resource.id))
    .replace("*", encodeURIComponent(resource.id));
}

function unsafeRoutes(routes: readonly RouteEntry[]) {
  return routes.filter((route) => UNSAFE_METHODS.includes(route.method) && !isAllowListed(route.url));
}

/** Param routes, grouped by URL with all their methods. */
function paramRoutes(routes: readonly RouteEntry[]) {
  const byUrl = new Map<string, string[]>();
  for (const route of routes) {
    if (!hasParam(route.url) || isAllowListed(route.url)) continue;
    byUrl.set(route.url, [...(byUrl.get(route.url) ?? []), route.method]);
  }
  return [...byUrl.entries()].map(([url, methods]) => ({ url, methods }));
}

/** (a) The CSRF refusals one unsafe route must give; returns what went wrong (empty: all good). */
export async function csrfFailures(t: TestApp, route: { method: string; url: string }): Promise<string[]> {
  const user = await signInTestUser(t.app, { name: "CSRF harness" });
  const other = await signInTestUser(t.app, { name: "Other session" });
  const url = fillUrl(route.url, { id: placeholderId });
  const attempts: Array<[string, Record<string, string>]> = [
    ["no token", user.headers],
    ["a wrong token", { ...user.headers, "x-csrf-token": `${user.csrfToken.split(".")[0]}.wrong` }],
    ["another session's token", { ...user.headers, "x-csrf-token": other.csrfToken }],
  ];
  const failures: string[] = [];
  for (const [label, headers] of attempts) {
    const response = await t.app.inject({
      method: route.method as "POST",
      url,
      headers: { ...headers, "content-type": "application/json" },
      payload: "{}",
    });
    if (response.statusCode !== 403) {
      failures.push(`${route.method} ${route.url} with ${label} answered ${response.statusCode}, expected 403`);
    }
  }
  return failures;
}

/** (b) The second user's 404s on one param route, and the owner's access to prove the resource is there. */
export async function crossUserFailures(
  t: TestApp,
  route: { url: string; methods: string[] },
  factories: Record<string, ResourceFactory>,
  signIn: (app: App, user: { name: string }) => Promise<SignedInUser> = signInTestUser,
): Promise<string[]> {
  const factory = factories[route.url];
  if (!factory) {
    return [
      `${route.methods.join("/")} ${route.url} takes a param but has no resource factory: add one for "${route.url}" ` +
        `to src/server/test/resource-factories.ts (it creates the owner's resource and returns its id)`,
    ];
  }
  const owner = await signIn(t.app, { name: "Owner" });
  const intruder = await signIn(t.app, { name: "Intruder" });
  const created = await factory(t, owner);
  const resource: CreatedResource = typeof created === "string" ? { id: created } : created;
  const url = fillUrl(route.url, resource);
  const bodyFor = (method: string) => resource.bodies?.[method as keyof NonNullable<CreatedResource["bodies"]>];
  const send = (method: string, headers: Record<string, string>) => {
    const body = bodyFor(method);
    return t.app.inject({
      method: method as "GET",
      url,
      headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

  const failures: string[] = [];
  for (const method of route.methods) {
    const response = await send(method, intruder.mutatingHeaders);
    if (response.statusCode !== 404) {
      const hint =
        response.statusCode === 400
          ? ` (the body was refused before the ownership check: return { id, bodies: { ${method}: {...} } } from the factory)`
          : "";
      failures.push(
        `${method} ${route.url}: a second user got ${response.statusCode}, expected 404${hint}: ${response.body.slice(0, 200)}`,
      );
    }
  }
  // The owner can reach the same resource, so the 404s above were about ownership (DELETE last).
  const ordered = [...route.methods].sort((a, b) => Number(a === "DELETE") - Number(b === "DELETE"));
  for (const method of ordered) {
    const response = await send(method, owner.mutatingHeaders);
    if (response.statusCode >= 400) {
      failures.push(`${method} ${route.url}: the owner got ${response.statusCode}, expected success: ${response.body.slice(0, 200)}`);
    }
  }
  return failures;
}

/** A signed-in user whose every request carries a write token instead of the session's cookies. */
async function signInWithToken(app: App, user: { name: string }): Promise<SignedInUser> {
  const signedIn = await signInTestUser(app, user);
  const payload = { name: "Harness", scope: "write" };
  const response = await app.inject({ method: "POST", url: "/api/tokens", headers: signedIn.mutatingHeaders, payload });
  if (response.statusCode !== 201) throw new Error(`creating a token failed: ${response.statusCode} ${response.body}`);
  const authorization = `Bearer ${response.json().token}`;
  return { ...signedIn, headers: { authorization }, mutatingHeaders: { authorization } } as unknown as SignedInUser;
}

/** The route table, read once from a real app (every dialect registers the same routes). */
async function readRouteTable(): Promise<RouteEntry[]> {
  const t = await createTestApp("sqlite");
  try {
    return [...t.app.routeTable];
  } finally {
    await t.close();
  }
}

const routes = await readRouteTable();

describeEachDatabase("route harness", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(() => t.close());

  it("finds the app's routes, and the allow-list names only routes that exist", () => {
    expect(routes.some((route) => route.method === "POST" && route.url === "/auth/refresh")).toBe(true);
    for (const entry of harnessAllowList) expect(routes.map((route) => route.url)).toContain(entry.url);
  });

  describe("(a) every mutating route refuses a missing or wrong CSRF token with 403", () => {
    it.each(unsafeRoutes(routes).map((route) => [`${route.method} ${route.url}`, route] as const))("%s", async (_name, route) => {
      expect(await csrfFailures(t, route)).toEqual([]);
    });
  });

  describe("(b) a second user gets 404 for the first user's resource", () => {
    it.each(paramRoutes(routes).map((route) => [`${route.methods.join("/")} ${route.url}`, route] as const))("%s", async (_name, route) => {
      expect(await crossUserFailures(t, route, resourceFactories)).toEqual([]);
    });
  });

  describe("(b) with personal access tokens: a second user's token gets 404 for the first user's resource", () => {
    const bearerRoutes = paramRoutes(routes.filter((route) => !route.config.refuseBearer && route.url.startsWith("/api/")));
    it.each(bearerRoutes.map((route) => [`${route.methods.join("/")} ${route.url}`, route] as const))("%s", async (_name, route) => {
      expect(await crossUserFailures(t, route, resourceFactories, signInWithToken)).toEqual([]);
    });
  });
});

describe("route harness can fail", () => {
  let t: TestApp;
  let closeDatabase: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase("sqlite");
    closeDatabase = database.db.close;
    const clock = { now: new Date(), advance: (ms: number) => (clock.now = new Date(clock.now.getTime() + ms)) };
    const app: App = await buildApp(testConfig(), { db: database.db, logger: false, now: () => clock.now, webRoot: "/nonexistent" });
    // A careless route: no CSRF check, and answers anyone about any id.
    app.post("/api/test/careless", { config: { csrfSessionFrom: "none" } }, async () => ({ ok: true }));
    app.get("/api/test/leaky/:id", async (request) => ({ id: (request.params as { id: string }).id }));
    await app.ready();
    t = { app, db: database.db, dialect: "sqlite", clock: clock as TestApp["clock"], close: async () => app.close() };
  });
  afterAll(async () => {
    await t.close();
    await closeDatabase();
  });

  it("flags a mutating route that skips the CSRF check", async () => {
    const failures = await csrfFailures(t, { method: "POST", url: "/api/test/careless" });
    expect(failures).toHaveLength(3);
    expect(failures[0]).toContain("POST /api/test/careless with no token answered 200, expected 403");
  });

  it("flags a param route without a factory, saying to add one", async () => {
    const failures = await crossUserFailures(t, { url: "/api/test/leaky/:id", methods: ["GET"] }, {});
    expect(failures).toEqual([expect.stringContaining('has no resource factory: add one for "/api/test/leaky/:id"')]);
  });

  it("flags a route that shows another user's resource", async () => {
    const factories = { "/api/test/leaky/:id": async () => "someone-elses-id" };
    const failures = await crossUserFailures(t, { url: "/api/test/leaky/:id", methods: ["GET"] }, factories);
    expect(failures).toEqual([expect.stringContaining("GET /api/test/leaky/:id: a second user got 200, expected 404")]);
  });
});
