// Idempotency-Key (decision 042) on the real app, and on a small app for the answers a route cannot be made
// to give on demand (a stream, a hijacked reply, a large answer, a 500).
import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import Fastify, { type FastifyInstance } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../db/database.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../modules/auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../test/sign-in.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, TEST_SECRET, type TestApp, type TestDatabase } from "../test/test-app.ts";
import { databasePlugin } from "./database.ts";
import { errorsPlugin } from "./errors.ts";
import {
  idempotencyPlugin,
  KEPT_FOR_MS,
  MAX_KEPT_ANSWER_BYTES,
  MAX_KEY_LENGTH,
  readIdempotencyKey,
  REPLAYED_HEADER,
  TAKEOVER_AFTER_MS,
} from "./idempotency.ts";

const T0 = new Date("2026-05-04T15:00:00.000Z");
const quoted = (key: string) => `"${key}"`;

describe("readIdempotencyKey", () => {
  it("reads an sf-string or a bare token, and refuses anything else with a 400", () => {
    expect(readIdempotencyKey(undefined)).toBeUndefined();
    expect(readIdempotencyKey('"8e03978e-40d5-43e8-bc93-6894a57f9324"')).toBe("8e03978e-40d5-43e8-bc93-6894a57f9324");
    expect(readIdempotencyKey('"a \\"quoted\\" key"')).toBe('a "quoted" key');
    expect(readIdempotencyKey("abc123")).toBe("abc123");
    expect(readIdempotencyKey(quoted("k".repeat(MAX_KEY_LENGTH)))).toHaveLength(MAX_KEY_LENGTH);
    for (const bad of ['""', quoted("k".repeat(MAX_KEY_LENGTH + 1)), "two words", "12", '"unclosed', ["a", "b"]]) {
      expect(() => readIdempotencyKey(bad), String(bad)).toThrow(expect.objectContaining({ statusCode: 400 }));
    }
  });
});

describeEachDatabase("Idempotency-Key on the app", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0 });
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = T0;
    user = await signInTestUser(t.app);
  });

  // An access cookie minted at the clock's time: the test clock moves past a cookie's hour.
  function writing(owner: SignedInUser, key?: string) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    const cookie = owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`);
    return { cookie, "x-csrf-token": owner.mutatingHeaders["x-csrf-token"], ...(key === undefined ? {} : { "idempotency-key": key }) };
  }
  const post = (owner: SignedInUser, url: string, payload: Record<string, unknown>, key?: string) =>
    t.app.inject({ method: "POST", url, headers: writing(owner, key), payload });
  const countRows = async (table: "tasks" | "goals", owner: SignedInUser) =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .where("userId", "=", owner.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const keyRow = (owner: SignedInUser, key: string) =>
    t.db.kysely.selectFrom("idempotencyKeys").selectAll().where("userId", "=", owner.userId).where("key", "=", key).executeTakeFirst();
  // An answer is kept just after it is sent (decision 053).
  const keptRow = (owner: SignedInUser, key: string) =>
    vi.waitFor(async () => {
      const row = await keyRow(owner, key);
      if (row?.state !== "done") throw new Error(`key ${key} not kept yet`);
      return row;
    });

  it("runs a keyed create once: the repeat answers the first answer, marked replayed, and writes nothing", async () => {
    const key = quoted(randomUUID());
    const first = await post(user, "/api/tasks", { title: "Once" }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers[REPLAYED_HEADER]).toBeUndefined();
    const again = await post(user, "/api/tasks", { title: "Once" }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(again.json()).toEqual(first.json());
    expect(await countRows("tasks", user)).toBe(1);
  });

  it("replays a PATCH and a DELETE, and a 4xx answer too", async () => {
    const task = (await post(user, "/api/tasks", { title: "Edit me" })).json();
    const rename = quoted(randomUUID());
    const renamed = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${task.id}`,
      headers: writing(user, rename),
      payload: { title: "A" },
    });
    expect(renamed.statusCode).toBe(200);
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${task.id}`, headers: writing(user), payload: { title: "B" } });
    const replayed = await t.app.inject({
      method: "PATCH",
      url: `/api/tasks/${task.id}`,
      headers: writing(user, rename),
      payload: { title: "A" },
    });
    expect(replayed.headers[REPLAYED_HEADER]).toBe("true");
    expect(await t.db.kysely.selectFrom("tasks").select("title").where("id", "=", task.id).executeTakeFirst()).toEqual({ title: "B" });

    const remove = quoted(randomUUID());
    const removed = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: writing(user, remove) });
    expect(removed.statusCode).toBe(200);
    const removedAgain = await t.app.inject({ method: "DELETE", url: `/api/tasks/${task.id}`, headers: writing(user, remove) });
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.headers[REPLAYED_HEADER]).toBe("true");
    expect(removedAgain.json()).toEqual(removed.json());

    const missing = quoted(randomUUID());
    const notFound = await t.app.inject({ method: "DELETE", url: `/api/tasks/${randomUUID()}`, headers: writing(user, missing) });
    expect(notFound.statusCode).toBe(404);
    expect((await keptRow(user, missing.slice(1, -1))).responseStatus).toBe(404);
  });

  it("answers 422 to the same key with another body, another path or another method, and writes nothing", async () => {
    const key = quoted(randomUUID());
    expect((await post(user, "/api/tasks", { title: "First" }, key)).statusCode).toBe(201);
    const otherBody = await post(user, "/api/tasks", { title: "Second" }, key);
    expect(otherBody.statusCode).toBe(422);
    expect(otherBody.json()).toEqual({ code: "idempotency_key_reused", message: expect.stringContaining("another request") });
    expect((await post(user, "/api/goals", { title: "First" }, key)).statusCode).toBe(422);
    expect(await countRows("tasks", user)).toBe(1);
    expect(await countRows("goals", user)).toBe(0);
  });

  it("runs two requests sent at once with one key once: the other is a 409 or the replay", async () => {
    const key = quoted(randomUUID());
    const answers = await Promise.all([1, 2, 3].map(() => post(user, "/api/tasks", { title: "Racing" }, key)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((status) => status === 201 || status === 409)).toBe(true);
    const conflict = answers.find((answer) => answer.statusCode === 409);
    if (conflict) expect(conflict.json()).toEqual({ code: "conflict", message: expect.stringContaining("still running") });
    expect(new Set(answers.filter((answer) => answer.statusCode === 201).map((answer) => answer.json().id)).size).toBe(1);
    expect(await countRows("tasks", user)).toBe(1);
  });

  it("lets a row left running by a dead process be taken over: after 2 minutes on PostgreSQL, at once on SQLite", async () => {
    const key = randomUUID();
    const row = { userId: user.userId, key, claim: "dead", state: "running" as const, createdAt: T0.toISOString() };
    const body = { title: "Taken over" };
    // The fingerprint is the first request's: take it from a real claim, then leave that row running.
    expect((await post(user, "/api/tasks", body, quoted(key))).statusCode).toBe(201);
    const { fingerprint } = await keptRow(user, key);
    await t.db.kysely.deleteFrom("idempotencyKeys").where("userId", "=", user.userId).execute();
    await t.db.kysely.deleteFrom("tasks").where("userId", "=", user.userId).execute();
    await t.db.kysely
      .insertInto("idempotencyKeys")
      .values({ ...row, fingerprint, startedAt: T0.toISOString() })
      .execute();
    // On SQLite a running key is held in the process's memory: a row left running is a dead process's.
    if (dialect === "postgres") {
      const running = await post(user, "/api/tasks", body, quoted(key));
      expect(running.statusCode).toBe(409);
      expect(running.headers["retry-after"]).toBe("1");
      t.clock.advance(TAKEOVER_AFTER_MS);
    }
    const takenOver = await post(user, "/api/tasks", body, quoted(key));
    expect(takenOver.statusCode).toBe(201);
    expect(takenOver.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await countRows("tasks", user)).toBe(1);
    expect((await keptRow(user, key)).state).toBe("done");
  });

  it.runIf(dialect === "postgres")("keeps the keys in an unlogged table, out of the WAL a write flushes", async () => {
    const { rows } = await sql<{ relpersistence: string }>`select relpersistence from pg_class where relname = 'idempotency_keys'`.execute(
      t.db.kysely,
    );
    expect(rows[0]?.relpersistence).toBe("u");
  });

  it("keeps keys per user: another user's same key runs on its own", async () => {
    const other = await signInTestUser(t.app);
    const key = quoted(randomUUID());
    const mine = await post(user, "/api/tasks", { title: "Same" }, key);
    const theirs = await post(other, "/api/tasks", { title: "Same" }, key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await countRows("tasks", user)).toBe(1);
    expect(await countRows("tasks", other)).toBe(1);
  });

  it("takes a personal access token's user as the key's owner", async () => {
    const created = await t.app.inject({
      method: "POST",
      url: "/api/tokens",
      headers: writing(user),
      payload: { name: "script", scope: "write" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const headers = { authorization: `Bearer ${created.json().token}`, "idempotency-key": quoted(randomUUID()) };
    const first = await t.app.inject({ method: "POST", url: "/api/goals", headers, payload: { title: "By token" } });
    const again = await t.app.inject({ method: "POST", url: "/api/goals", headers, payload: { title: "By token" } });
    expect(first.statusCode).toBe(201);
    expect(again.headers[REPLAYED_HEADER]).toBe("true");
    expect(await countRows("goals", user)).toBe(1);
  });

  it("refuses a malformed key with a 400 that says how to send one, before anything runs", async () => {
    const answer = await post(user, "/api/tasks", { title: "Never" }, '"unclosed');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().message).toContain("Idempotency-Key must be a quoted string");
    expect(await countRows("tasks", user)).toBe(0);
  });

  it("still refuses a forged request (no CSRF token) whose key was used, and leaves reads alone", async () => {
    const key = quoted(randomUUID());
    expect((await post(user, "/api/tasks", { title: "Mine" }, key)).statusCode).toBe(201);
    const { "x-csrf-token": _token, ...forged } = writing(user, key);
    const answer = await t.app.inject({ method: "POST", url: "/api/tasks", headers: forged, payload: { title: "Mine" } });
    expect(answer.statusCode).toBe(403);
    expect(answer.headers[REPLAYED_HEADER]).toBeUndefined();
    const read = await t.app.inject({ url: "/api/goals", headers: writing(user, quoted(randomUUID())) });
    expect(read.statusCode).toBe(200);
    await keptRow(user, key.slice(1, -1));
    expect(await t.db.kysely.selectFrom("idempotencyKeys").select("key").where("userId", "=", user.userId).execute()).toHaveLength(1);
  });

  it("keeps a key 24 hours, then deletes it", async () => {
    const key = randomUUID();
    const first = await post(user, "/api/tasks", { title: "Kept" }, quoted(key));
    t.clock.advance(KEPT_FOR_MS - 60_000);
    const within = await post(user, "/api/tasks", { title: "Kept" }, quoted(key));
    expect(within.headers[REPLAYED_HEADER]).toBe("true");
    expect(within.json().id).toBe(first.json().id);
    t.clock.advance(2 * 60_000);
    // Any user's keyed write sweeps the expired keys.
    const other = await signInTestUser(t.app);
    expect((await post(other, "/api/goals", { title: "Sweeps" }, quoted(randomUUID()))).statusCode).toBe(201);
    expect(await keyRow(user, key)).toBeUndefined();
    const after = await post(user, "/api/tasks", { title: "Kept" }, quoted(key));
    expect(after.statusCode).toBe(201);
    expect(after.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await countRows("tasks", user)).toBe(2);
  });

  it("goes with the account: deleting it deletes its keys", async () => {
    expect((await post(user, "/api/tasks", { title: "Gone soon" }, quoted(randomUUID()))).statusCode).toBe(201);
    const confirmEmail = `${user.userId}@example.test`;
    const deleted = await t.app.inject({ method: "DELETE", url: "/api/user", headers: writing(user), payload: { confirmEmail } });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await t.db.kysely.selectFrom("idempotencyKeys").select("key").where("userId", "=", user.userId).execute()).toEqual([]);
  });

  describe("client-made ids", () => {
    it("makes a task and a goal with the id the client gave, and a replayed create answers the same row", async () => {
      const taskId = randomUUID();
      const key = quoted(randomUUID());
      const first = await post(user, "/api/tasks", { id: taskId, title: "Named" }, key);
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json().id).toBe(taskId);
      const again = await post(user, "/api/tasks", { id: taskId, title: "Named" }, key);
      expect(again.headers[REPLAYED_HEADER]).toBe("true");
      expect(again.json().id).toBe(taskId);
      const goalId = randomUUID().toUpperCase();
      const goal = await post(user, "/api/goals", { id: goalId, title: "Named goal" });
      expect(goal.statusCode, goal.body).toBe(201);
      expect(goal.json().id).toBe(goalId.toLowerCase());
      expect(await countRows("tasks", user)).toBe(1);
      expect(await countRows("goals", user)).toBe(1);
    });

    it("answers 409 to an id already taken, by this user or another, and writes nothing", async () => {
      const other = await signInTestUser(t.app);
      const taskId = randomUUID();
      const goalId = randomUUID();
      expect((await post(user, "/api/tasks", { id: taskId, title: "First" })).statusCode).toBe(201);
      expect((await post(user, "/api/goals", { id: goalId, title: "First" })).statusCode).toBe(201);
      const version = async () =>
        (await t.db.kysely.selectFrom("users").select("dataVersion").where("id", "=", other.userId).executeTakeFirstOrThrow()).dataVersion;
      const before = await version();
      for (const owner of [user, other]) {
        const task = await post(owner, "/api/tasks", { id: taskId, title: "Second" });
        expect(task.statusCode).toBe(409);
        expect(task.json()).toEqual({ code: "conflict", message: "A task with this id already exists: a new task needs a new id" });
        const goal = await post(owner, "/api/goals", { id: goalId, title: "Second" });
        expect(goal.statusCode).toBe(409);
        expect(goal.json().message).toBe("A goal with this id already exists: a new goal needs a new id");
      }
      expect(await version()).toBe(before);
      expect(await countRows("tasks", user)).toBe(1);
      expect(await countRows("tasks", other)).toBe(0);
      expect(await countRows("goals", other)).toBe(0);
    });

    it("refuses an id that is not a UUID with a 400 naming the field", async () => {
      const answer = await post(user, "/api/tasks", { id: "task-1", title: "Bad id" });
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toContain("id: must be a UUID");
    });
  });
});

// Routes that give each kind of answer, behind the plugin, with the user named by a header.
async function smallApp(db: Db, now: () => Date): Promise<{ app: FastifyInstance; runs: Map<string, number>; releaseHeld: () => void }> {
  const app = Fastify({ logger: false });
  app.decorate("now", now);
  await app.register(databasePlugin, { db, ownsDb: false });
  await app.register(errorsPlugin);
  app.decorateRequest("userId", null);
  app.addHook("onRequest", async (request) => {
    request.userId = (request.headers["x-user"] as string | undefined) ?? null;
  });
  await app.register(idempotencyPlugin);
  const runs = new Map<string, number>();
  const ran = (name: string) => runs.set(name, (runs.get(name) ?? 0) + 1);
  app.post("/api/counted", async () => {
    ran("counted");
    return { runs: runs.get("counted") };
  });
  app.post("/api/failing", async () => {
    ran("failing");
    if (runs.get("failing") === 1) throw new Error("a defect");
    return { ok: true };
  });
  app.post("/api/streamed", async (_request, reply) => {
    ran("streamed");
    return reply.type("text/event-stream").send(Readable.from(["data: 1\n\n"]));
  });
  app.post("/api/hijacked", async (_request, reply) => {
    ran("hijacked");
    reply.hijack();
    reply.raw.writeHead(200, { "content-type": "text/plain" });
    reply.raw.end("written by hand");
  });
  let releaseHeld = () => {};
  app.post("/api/held", async () => {
    ran("held");
    await new Promise<void>((resolve) => (releaseHeld = resolve));
    return { runs: runs.get("held") };
  });
  app.post("/api/large", async () => {
    ran("large");
    return { text: "x".repeat(MAX_KEPT_ANSWER_BYTES) };
  });
  app.post("/auth/outside", async () => {
    ran("outside");
    return { ok: true };
  });
  await app.ready();
  return { app, runs, releaseHeld: () => releaseHeld() };
}

describeEachDatabase("Idempotency-Key answers that are not kept", (dialect) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  let runs: Map<string, number>;
  let releaseHeld: () => void;
  let userId: string;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    ({ app, runs, releaseHeld } = await smallApp(database.db, () => T0));
  });
  afterAll(async () => {
    await app.close();
    await database.db.close();
  });
  beforeEach(async () => {
    runs.clear();
    userId = randomUUID();
    const at = T0.toISOString();
    await database.db.kysely
      .insertInto("users")
      .values({ id: userId, name: "U", email: `${userId}@example.test`, avatarUrl: null, timeZone: "UTC", createdAt: at, updatedAt: at })
      .execute();
  });

  const send = (url: string, key: string, payload: object = {}) =>
    app.inject({ method: "POST", url, headers: { "x-user": userId, "idempotency-key": quoted(key) }, payload });
  const keysLeft = async () =>
    (await database.db.kysely.selectFrom("idempotencyKeys").select("key").where("userId", "=", userId).execute()).length;

  it("keeps a JSON answer", async () => {
    const key = randomUUID();
    expect((await send("/api/counted", key)).json()).toEqual({ runs: 1 });
    expect((await send("/api/counted", key)).json()).toEqual({ runs: 1 });
    expect(runs.get("counted")).toBe(1);
  });

  it("answers 409 to a repeat while the first runs, 422 to another body, then the kept answer", async () => {
    const key = randomUUID();
    const first = send("/api/held", key);
    await vi.waitFor(() => expect(runs.get("held")).toBe(1));
    const repeat = await send("/api/held", key);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.headers["retry-after"]).toBe("1");
    expect(repeat.json()).toEqual({ code: "conflict", message: expect.stringContaining("still running") });
    expect((await send("/api/held", key, { other: true })).statusCode).toBe(422);
    releaseHeld();
    expect((await first).json()).toEqual({ runs: 1 });
    const replayed = await send("/api/held", key);
    expect(replayed.json()).toEqual({ runs: 1 });
    expect(replayed.headers[REPLAYED_HEADER]).toBe("true");
    expect(runs.get("held")).toBe(1);
  });

  it("releases the key after a 5xx: the retry runs again", async () => {
    const key = randomUUID();
    expect((await send("/api/failing", key)).statusCode).toBe(500);
    expect(await keysLeft()).toBe(0);
    const retry = await send("/api/failing", key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(runs.get("failing")).toBe(2);
  });

  it("keeps no streamed, hijacked or too large answer, and releases the key", async () => {
    for (const name of ["streamed", "hijacked", "large"]) {
      const key = randomUUID();
      expect((await send(`/api/${name}`, key)).statusCode, name).toBe(200);
      // A hijacked reply's key is released once the answer has gone, in onResponse.
      await vi.waitFor(async () => expect(await keysLeft(), name).toBe(0));
      await send(`/api/${name}`, key);
      expect(runs.get(name), name).toBe(2);
    }
  });

  it("leaves routes outside /api alone", async () => {
    const key = randomUUID();
    await send("/auth/outside", key);
    await send("/auth/outside", key);
    expect(runs.get("outside")).toBe(2);
    expect(await keysLeft()).toBe(0);
  });
});
