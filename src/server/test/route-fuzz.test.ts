// No input makes a 5xx. A property-based fuzzer (fast-check) derives requests from each
// route's zod schemas in Fastify's route table, so routes added later are fuzzed too: valid and
// boundary values, wrong types, oversized and unicode text, prototype-pollution keys, malformed
// JSON, wrong content types, odd query strings and path ids; signed in, with the CSRF header.
// Every answer must be below 500, and every 4xx must say what is wrong in { message, code }.
// npm test sends 500 requests per database from a fixed seed; RESILIENCE_FULL=1 (npm run
// test:resilience) sends 20,000 on SQLite and 10,000 on PostgreSQL. FUZZ_SEED replays a run.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import type { RouteEntry } from "../plugins/route-table.ts";
import { harnessAllowList } from "./route-allow-list.ts";
import { type SignedInUser, signInTestUser } from "./sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "./test-app.ts";

const FULL = process.env.RESILIENCE_FULL === "1";
// The smoke run repeats one seed, so a failure in CI reproduces; the full run explores new ones.
const SEED = Number(process.env.FUZZ_SEED ?? (FULL ? Date.now() % 2_147_483_647 : 20_261_127));
const BATCH = 25;

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

const toJsonSchema = (schema: unknown): JsonSchema | undefined =>
  schema instanceof z.ZodType ? (z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema) : undefined;

const calendarDate = fc
  .record({ y: fc.integer({ min: 1990, max: 2040 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
const oddDate = fc.constantFrom("2026-02-30", "9999-12-31", "0000-01-01", "2026-1-1", "", "2026-05-04T00:00:00Z", "yesterday");
const timeOfDay = fc
  .record({ h: fc.integer({ min: 0, max: 23 }), m: fc.integer({ min: 0, max: 59 }) })
  .map(({ h, m }) => `${String(h).padStart(2, "0")}:${String(m).padStart(2, "0")}`);
/** Text meant to break things: NUL and other controls, lone surrogates, RTL marks, emoji, SQL, huge. */
const hostileText = fc.oneof(
  fc.string({ unit: "binary", maxLength: 50 }),
  fc.constantFrom("\u0000", "a\u0000b", "\ud800", "\udfff x", "\u202e\u2066", "'; drop table tasks; --", "%00", "${x}", "💥".repeat(300)),
  fc.string({ minLength: 5_001, maxLength: 6_000 }),
);

function valueFor(schema: JsonSchema, name: string, ids: string[]): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((option) => valueFor(option, name, ids)));
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => valueFor({ ...schema, type }, name, ids)));
  switch (schema.type) {
    case "string":
      if (/date/i.test(name)) return fc.oneof({ weight: 4, arbitrary: calendarDate }, { weight: 1, arbitrary: oddDate });
      if (/time$/i.test(name)) return timeOfDay;
      if (/id$/i.test(name) && ids.length) return fc.oneof(fc.constantFrom(...ids), fc.string({ maxLength: 40 }));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    case "integer": {
      const min = schema.minimum ?? -1_000;
      const max = schema.maximum ?? 1_000;
      return fc.oneof(fc.integer({ min, max }), fc.constantFrom(min, max));
    }
    case "number":
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(schema.items ? valueFor(schema.items, name, ids) : fc.anything(), { maxLength: 6 });
    case "object": {
      const entries = Object.entries(schema.properties ?? {});
      if (!entries.length) return fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue(), { maxKeys: 3 });
      const shape = Object.fromEntries(entries.map(([key, value]) => [key, valueFor(value, key, ids)]));
      return fc.record(shape, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue();
  }
}

/** A valid-looking value, or one with a field broken in one of the ways clients break them. */
function hostileValue(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<unknown> {
  const valid = schema ? valueFor(schema, "body", ids) : fc.constant({});
  const broken = valid.chain((value) => {
    if (value === null || typeof value !== "object" || Array.isArray(value)) return fc.jsonValue();
    const keys = Object.keys(value as object);
    return fc
      .record({
        key: keys.length ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 10 })) : fc.string({ maxLength: 10 }),
        replacement: fc.oneof(
          fc.jsonValue(),
          hostileText,
          fc.constantFrom(-1, 0, 4, 481, 1e308, -1e308, 2 ** 53, 0.5, true, [], {}, [[]], { $gt: "" }),
        ),
      })
      .map(({ key, replacement }) => ({ ...(value as object), [key]: replacement }));
  });
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 4, arbitrary: broken }, { weight: 1, arbitrary: fc.jsonValue() });
}

const rawBodies = fc.constantFrom(
  "",
  "{",
  '{"title":',
  "null",
  "[]",
  '"text"',
  "1e999",
  '{"__proto__":{"admin":true},"title":"x"}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '{"title":"a","title":"b"}',
  "\u0000",
  '{"title":"\\ud800"}',
  '{"title":"' + "x".repeat(300 * 1024) + '"}',
);
const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/xml",
  "",
);

function queryFor(schema: JsonSchema | undefined, ids: string[]): fc.Arbitrary<string> {
  const valid = (schema ? valueFor(schema, "query", ids) : fc.constant({})).map((value) =>
    new URLSearchParams(Object.entries((value ?? {}) as Record<string, unknown>).map(([key, item]) => [key, String(item)])).toString(),
  );
  const odd = fc.constantFrom(
    "date=2026-05-04&date=2026-05-05",
    "date[]=2026-05-04",
    "date=%00",
    "date=%zz",
    "startDate=2026-05-04&endDate=2020-01-01",
    "startDate=1000-01-01&endDate=9999-12-31",
    `date=${"9".repeat(5000)}`,
    "__proto__[x]=1",
    "limit=-1",
    "limit=1e9",
    "days=abc",
  );
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: odd }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }) });
}

function pathFor(url: string, ids: string[]): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
  if (!names.length) return fc.constant(url);
  const id = fc.oneof(
    { weight: 3, arbitrary: ids.length ? fc.constantFrom(...ids) : fc.uuid() },
    { weight: 1, arbitrary: fc.uuid() },
    { weight: 1, arbitrary: calendarDate },
    { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
    { weight: 1, arbitrary: fc.constantFrom("%00", "a%00b", "%zz", "..%2F..", "x".repeat(150), "%F0%9F%92%A5", "%ED%A0%80") },
  );
  return fc.tuple(...names.map(() => id)).map((values) => {
    let filled = url;
    names.forEach((name, index) => {
      const value = values[index]!;
      filled = filled.replace(`:${name}`, /%|\//.test(value) ? value : encodeURIComponent(value));
    });
    return filled;
  });
}

function requestsFor(
  route: RouteEntry,
  ids: string[],
  headersFor: (route: RouteEntry) => Record<string, string>,
): fc.Arbitrary<FuzzRequest> {
  const schema = route.schema ?? {};
  const bodySchema = toJsonSchema(schema.body);
  const querySchema = toJsonSchema(schema.querystring);
  const hasBody = route.method !== "GET" && route.method !== "HEAD";
  const body: fc.Arbitrary<{ payload?: string; contentType?: string }> = hasBody
    ? fc.oneof(
        {
          weight: 5,
          arbitrary: hostileValue(bodySchema, ids).map((value) => ({
            payload: JSON.stringify(value) ?? "null",
            contentType: "application/json",
          })),
        },
        { weight: 1, arbitrary: fc.record({ payload: rawBodies, contentType: contentTypes }) },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.constant({});
  return fc
    .record({ path: pathFor(route.url, ids), query: queryFor(querySchema, ids), body })
    .map(({ path, query, body: { payload, contentType } }) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: { ...headersFor(route), ...(contentType ? { "content-type": contentType } : {}) },
      ...(payload === undefined ? {} : { payload }),
    }));
}

describeEachDatabase("route fuzzer: no input makes a 5xx", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  const ids: string[] = [];

  beforeAll(async () => {
    // The /auth rate limit would turn most of them into 429s.
    t = await createTestApp(dialect, { config: { auth: { ...testConfig().auth, rateLimitPerMinute: 0 } } });
    user = await signInTestUser(t.app);
    const goal = await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Fuzz goal" } });
    const task = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: user.mutatingHeaders,
      payload: { title: "Fuzz task", date: "2026-05-04" },
    });
    ids.push(goal.json().id, task.json().id);
  });
  afterAll(() => t.close());

  it(
    `answers every request below 500, and every 4xx with { message, code } (seed ${SEED})`,
    { timeout: FULL ? 900_000 : 240_000 },
    async () => {
      const routes = t.app.routeTable.filter(
        (route) => route.method !== "HEAD" && !harnessAllowList.some((entry) => entry.url === route.url),
      );
      expect(routes.length).toBeGreaterThan(10);
      // Calls that end or rotate the session get a session of their own, so the rest stay signed in.
      const sessionEnding = (route: RouteEntry) => route.url.startsWith("/auth/") && route.method !== "GET";
      const headersFor = (route: RouteEntry) => (sessionEnding(route) ? {} : user.mutatingHeaders);
      const arbitrary = fc.oneof(...routes.map((route) => requestsFor(route, ids, headersFor)));
      const total = FULL ? (dialect === "sqlite" ? 20_000 : 10_000) : 500;

      const failures: string[] = [];
      const statuses = new Map<number, number>();
      const requests = fc.sample(arbitrary, { numRuns: total, seed: SEED });
      for (let start = 0; start < requests.length; start += BATCH) {
        const batch = requests.slice(start, start + BATCH);
        const answers = await Promise.all(
          batch.map(async (request) => {
            const route = routes.find(
              (candidate) => candidate.method === request.method && request.url.startsWith(candidate.url.split(":")[0]!),
            );
            const headers =
              route && sessionEnding(route) ? { ...(await signInTestUser(t.app)).mutatingHeaders, ...request.headers } : request.headers;
            return t.app.inject({ method: request.method as "GET", url: request.url, headers, payload: request.payload });
          }),
        );
        answers.forEach((answer, index) => {
          const request = batch[index]!;
          statuses.set(answer.statusCode, (statuses.get(answer.statusCode) ?? 0) + 1);
          const where = `${request.method} ${request.url.slice(0, 120)} ${request.headers["content-type"] ?? ""} ${String(request.payload ?? "").slice(0, 120)}`;
          if (answer.statusCode >= 500) {
            failures.push(`${answer.statusCode} for ${where}: ${answer.body.slice(0, 200)}`);
          } else if (answer.statusCode >= 400) {
            let body: { message?: unknown; code?: unknown } = {};
            try {
              body = answer.json();
            } catch {
              // not JSON: reported below
            }
            if (typeof body.message !== "string" || body.message.length < 3 || typeof body.code !== "string") {
              failures.push(`${answer.statusCode} without { message, code } for ${where}: ${answer.body.slice(0, 200)}`);
            }
          }
        });
      }
      const distinct = [...new Set(failures.map((failure) => failure.slice(0, 160)))];
      expect(
        distinct.slice(0, 15),
        `${failures.length} of ${requests.length} requests failed (FUZZ_SEED=${SEED}); statuses ${JSON.stringify(Object.fromEntries(statuses))}`,
      ).toEqual([]);
      expect(requests.length).toBe(total);
    },
  );
});
