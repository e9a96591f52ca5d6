import http from "node:http";
import { sql } from "kysely";
import { afterAll, afterEach, beforeAll, expect, it } from "vitest";
import type { ChangeEvent } from "../../../shared/api/live.ts";
import { ACCOUNT_DELETED_EVENT } from "../../../shared/api/live-events.ts";
import { type App, buildApp } from "../../app.ts";
import { createDb, type Db } from "../../db/database.ts";
import { ACCESS_COOKIE, CSRF_COOKIE, REFRESH_COOKIE } from "../auth/session-tokens.ts";
import { sessionsService } from "../auth/sessions.service.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp, testConfig } from "../../test/test-app.ts";

const HEARTBEAT_MS = 100;
const WAIT_MS = 3_000;

interface OpenStream {
  status: number;
  events: ChangeEvent[];
  ids: string[];
  text: () => string;
  /** Resolves with the events once there are at least `count`. */
  waitFor(count: number): Promise<ChangeEvent[]>;
  ended: Promise<void>;
  close(): void;
}

/**
 * A raw SSE reader (node:http: undici's fetch opens a spare connection after an abort, which
 * would hold the server's close): every `event: change` with its id, and when the server ends it.
 */
async function openStream(address: string, headers: Record<string, string>, query = ""): Promise<OpenStream> {
  const events: ChangeEvent[] = [];
  const ids: string[] = [];
  let text = "";
  const waiters: Array<() => void> = [];
  const wake = () => {
    for (const resolve of waiters.splice(0)) resolve();
  };
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
    http.get(`${address}/api/events${query}`, { headers }, resolve).on("error", reject);
  });
  response.setEncoding("utf8");
  response.on("data", (chunk: string) => {
    text += chunk;
    events.length = 0;
    ids.length = 0;
    for (const block of text.split("\n\n")) {
      const lines = block.split("\n");
      if (!lines.includes("event: change")) continue;
      ids.push(lines.find((line) => line.startsWith("id: "))!.slice(4));
      events.push(JSON.parse(lines.find((line) => line.startsWith("data: "))!.slice(6)) as ChangeEvent);
    }
    wake();
  });
  const ended = new Promise<void>((resolve) => response.on("close", () => resolve()));
  return {
    status: response.statusCode ?? 0,
    events,
    ids,
    text: () => text,
    ended,
    close: () => response.destroy(),
    async waitFor(count) {
      const deadline = Date.now() + WAIT_MS;
      while (events.length < count && Date.now() < deadline) {
        await Promise.race([new Promise<void>((resolve) => waiters.push(resolve)), new Promise((resolve) => setTimeout(resolve, 50))]);
      }
      return events;
    },
  };
}

/** Another session of the same user (another device). */
async function secondSession(app: App, user: SignedInUser): Promise<SignedInUser> {
  const session = await sessionsService({ db: app.db, secret: TEST_SECRET, now: () => app.now() }).startSession(user.userId, "phone");
  const cookie = `${ACCESS_COOKIE}=${session.accessToken}; ${REFRESH_COOKIE}=${session.refreshToken}; ${CSRF_COOKIE}=${session.csrfToken}`;
  return { ...user, ...session, headers: { cookie }, mutatingHeaders: { cookie, "x-csrf-token": session.csrfToken } };
}

async function addTask(app: App, user: SignedInUser, title: string) {
  const response = await app.inject({
    method: "POST",
    url: "/api/tasks",
    headers: user.mutatingHeaders,
    payload: { title, date: "2026-05-04" },
  });
  expect(response.statusCode).toBe(201);
  return response;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describeEachDatabase("live change stream", (dialect) => {
  let t: TestApp;
  let address: string;
  const opened: OpenStream[] = [];
  const open = async (headers: Record<string, string>, query = "") => {
    const stream = await openStream(address, headers, query);
    opened.push(stream);
    return stream;
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { liveHeartbeatMs: HEARTBEAT_MS });
    address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  afterAll(() => t.close());

  it("refuses a visitor", async () => {
    const stream = await open({});
    await stream.ended;
    expect(stream.status).toBe(401);
    expect(JSON.parse(stream.text())).toMatchObject({ code: "unauthorized" });
  });

  it("sends another session's write to the user's stream, what changed and the version, and nothing to another user", async () => {
    const desktop = await signInTestUser(t.app);
    const phone = await secondSession(t.app, desktop);
    const stranger = await signInTestUser(t.app);
    const mine = await open(desktop.headers);
    const theirs = await open(stranger.headers);
    expect(mine.status).toBe(200);
    expect(mine.text()).toContain("retry: 3000");

    const answer = await addTask(t.app, phone, "From the phone");
    const [event] = await mine.waitFor(1);
    expect(event!.kinds).toEqual(["tasks"]);
    expect(mine.ids).toEqual([String(event!.version)]);
    // The writer's answer names the version it wrote, so its own tab can skip the event.
    expect(answer.headers["x-data-version"]).toBe(String(event!.version));

    await t.app.inject({ method: "POST", url: "/api/goals", headers: phone.mutatingHeaders, payload: { title: "Run" } });
    expect((await mine.waitFor(2)).map((e) => e.kinds)).toEqual([["tasks"], ["goals"]]);
    await settle();
    expect(theirs.events).toEqual([]);
    // Heartbeats keep the stream open through proxies.
    expect(mine.text()).toContain(": heartbeat");
  });

  it("echoes the writing tab's client id and sequence number, so that tab can tell its own writes", async () => {
    const user = await signInTestUser(t.app);
    const stream = await open(user.headers);
    const answer = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: { ...user.mutatingHeaders, "x-client-id": "tab-a", "x-client-seq": "41" },
      payload: { title: "From tab A", date: "2026-05-04" },
    });
    expect(answer.statusCode).toBe(201);
    const [event] = await stream.waitFor(1);
    expect(event).toEqual({ version: Number(answer.headers["x-data-version"]), kinds: ["tasks"], clientId: "tab-a", seq: 41 });
    // A name that is not one is left out rather than echoed.
    await t.app.inject({
      method: "POST",
      url: "/api/goals",
      headers: { ...user.mutatingHeaders, "x-client-id": "<script>", "x-client-seq": "-1" },
      payload: { title: "Read" },
    });
    expect((await stream.waitFor(2))[1]).toEqual({ version: event!.version + 1, kinds: ["goals"] });
  });

  it("tells a reconnect what it missed, or everything when it missed more than is kept", async () => {
    const user = await signInTestUser(t.app);
    const first = await open(user.headers);
    const otherTab = await open(user.headers);
    await addTask(t.app, user, "One");
    const [seen] = await first.waitFor(1);
    first.close();
    await addTask(t.app, user, "Two");
    await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Read" } });
    // On PostgreSQL the instance hears writes through notices that may land after their answers.
    expect(await otherTab.waitFor(3)).toHaveLength(3);

    const again = await open({ ...user.headers, "last-event-id": String(seen!.version) });
    const [missed] = await again.waitFor(1);
    expect(missed).toEqual({ version: seen!.version + 2, kinds: ["tasks", "goals"] });

    const upToDate = await open(user.headers, `?since=${seen!.version + 2}`);
    await settle();
    expect(upToDate.events).toEqual([]);
  });

  it("tells a reconnect that missed writes this instance kept no record of that everything changed", async () => {
    const user = await signInTestUser(t.app);
    const first = Number((await addTask(t.app, user, "One")).headers["x-data-version"]);
    await addTask(t.app, user, "Two");
    const stream = await open(user.headers, `?since=${first}`);
    expect((await stream.waitFor(1))[0]).toEqual({ version: first + 1, kinds: ["all"] });
  });

  it("names the version a read started from, so a page's stream opened later hears a write made in between", async () => {
    const user = await signInTestUser(t.app);
    await addTask(t.app, user, "Before the page");
    const read = await t.app.inject({ method: "GET", url: "/api/goals", headers: user.headers });
    const loaded = Number(read.headers["x-data-version"]);
    expect(loaded).toBeGreaterThan(0);
    await addTask(t.app, user, "While the page painted");
    const stream = await open(user.headers, `?since=${loaded}`);
    expect((await stream.waitFor(1))[0]!.version).toBe(loaded + 1);
  });

  it("ends the stream of a session that logged out, and keeps the user's other devices", async () => {
    const desktop = await signInTestUser(t.app);
    const phone = await secondSession(t.app, desktop);
    const phoneStream = await open(phone.headers);
    const desktopStream = await open(desktop.headers);
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: phone.mutatingHeaders })).statusCode).toBe(200);
    await phoneStream.ended;
    await addTask(t.app, desktop, "Still here");
    expect(await desktopStream.waitFor(1)).toHaveLength(1);
  });

  it("keeps at most 10 streams per user: the 11th closes the oldest", async () => {
    const user = await signInTestUser(t.app);
    const streams = [];
    for (let index = 0; index < 11; index++) streams.push(await open(user.headers));
    await streams[0]!.ended;
    await addTask(t.app, user, "To the ten");
    for (const stream of streams.slice(1)) expect(await stream.waitFor(1)).toHaveLength(1);
    expect(streams[0]!.events).toEqual([]);
  });

  it("ends every stream at shutdown, within the drain", async () => {
    const other = await createTestApp(dialect, { config: { shutdownDrainMs: 200 } });
    const otherAddress = await other.app.listen({ port: 0, host: "127.0.0.1" });
    const user = await signInTestUser(other.app);
    const stream = await openStream(otherAddress, user.headers);
    const started = Date.now();
    const closing = other.close();
    await stream.ended;
    expect(Date.now() - started).toBeLessThan(1_000);
    await closing;
  });
});

describeEachDatabase("live change stream across instances", (dialect) => {
  let t: TestApp;
  let other: Db | undefined;
  let otherApp: App | undefined;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    if (dialect === "postgres") {
      other = createDb({ kind: "postgres", url: t.url!, schema: t.db.schema! });
      otherApp = await buildApp(testConfig(), { db: other, logger: false, now: () => t.clock.now, webRoot: "/nonexistent" });
    }
  });
  afterAll(async () => {
    await otherApp?.close();
    await other?.close();
    await t.close();
  });

  it.skipIf(dialect === "sqlite")("sends a write on instance A to a stream on instance B", async () => {
    const user = await signInTestUser(t.app);
    const address = await otherApp!.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openStream(address, user.headers);
    try {
      const answer = await addTask(t.app, user, "On A");
      const [event] = await stream.waitFor(1);
      expect(event).toEqual({ version: Number(answer.headers["x-data-version"]), kinds: ["tasks"] });
    } finally {
      stream.close();
    }
  });

  it.skipIf(dialect === "sqlite")("tells the streams that everything changed after its listening connection was lost", async () => {
    const user = await signInTestUser(t.app);
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const stream = await openStream(address, user.headers);
    try {
      await sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'daywise-live'`.execute(t.db.kysely);
      const answer = await addTask(otherApp!, user, "While it was away");
      const [event] = await stream.waitFor(1);
      expect(event).toEqual({ version: Number(answer.headers["x-data-version"]), kinds: ["all"] });
    } finally {
      stream.close();
    }
  });
});

// At the production heartbeat: a credential's end must not wait for the next heartbeat.
describeEachDatabase("live change stream: its session or token ending", (dialect) => {
  let t: TestApp;
  let address: string;
  const opened: OpenStream[] = [];
  const open = async (headers: Record<string, string>) => {
    const stream = await openStream(address, headers);
    opened.push(stream);
    expect(stream.status).toBe(200);
    return stream;
  };
  const endsWithin = async (stream: OpenStream, ms: number) => {
    const started = Date.now();
    const ended = await Promise.race([stream.ended.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);
    expect(ended, `ended within ${ms} ms`).toBe(true);
    return Date.now() - started;
  };
  const newToken = async (user: SignedInUser) => {
    const payload = { name: "Stream", scope: "read" };
    const response = await t.app.inject({ method: "POST", url: "/api/tokens", headers: user.mutatingHeaders, payload });
    return response.json() as { id: string; token: string };
  };

  beforeAll(async () => {
    t = await createTestApp(dialect);
    address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterEach(() => {
    for (const stream of opened.splice(0)) stream.close();
  });
  afterAll(() => t.close());

  it("after a logout: ends within 2 s, and hears no write made after it", async () => {
    const desktop = await signInTestUser(t.app);
    const phone = await secondSession(t.app, desktop);
    const stream = await open(phone.headers);
    expect((await t.app.inject({ method: "POST", url: "/auth/logout", headers: phone.mutatingHeaders })).statusCode).toBe(200);
    await addTask(t.app, desktop, "After the logout");
    await endsWithin(stream, 2_000);
    expect(stream.events).toEqual([]);
    // A logout is not a deletion: the device is not told the account is gone.
    expect(stream.text()).not.toContain(ACCOUNT_DELETED_EVENT);
  });

  it("after the account's deletion: tells every other device that the account was deleted, then ends within 2 s", async () => {
    const user = await signInTestUser(t.app, { email: "leaving@example.test" });
    const phone = await secondSession(t.app, user);
    const stream = await open(user.headers);
    const phoneStream = await open(phone.headers);
    const payload = { confirmEmail: "leaving@example.test" };
    expect((await t.app.inject({ method: "DELETE", url: "/api/user", headers: user.mutatingHeaders, payload })).statusCode).toBe(204);
    await endsWithin(phoneStream, 2_000);
    await endsWithin(stream, 2_000);
    expect(phoneStream.text()).toContain(`event: ${ACCOUNT_DELETED_EVENT}\n`);
    expect(stream.text()).toContain(`event: ${ACCOUNT_DELETED_EVENT}\n`);
  });

  it("opened with a token: lives through the user's changes, ends within 2 s of the token's revocation", async () => {
    const user = await signInTestUser(t.app);
    const { id, token } = await newToken(user);
    const stream = await open({ authorization: `Bearer ${token}` });
    await addTask(t.app, user, "Seen by the script");
    expect(await stream.waitFor(1)).toHaveLength(1);
    await addTask(t.app, user, "Seen too");
    expect(await stream.waitFor(2)).toHaveLength(2);
    expect((await t.app.inject({ method: "DELETE", url: `/api/tokens/${id}`, headers: user.mutatingHeaders })).statusCode).toBe(200);
    await endsWithin(stream, 2_000);
  });
});
