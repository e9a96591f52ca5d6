import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import type { CreatedWebhook, WebhookDelivery } from "../../../shared/api/webhooks.ts";
import { type App, buildApp } from "../../app.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp, testConfig } from "../../test/test-app.ts";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local receiver recording each request; `answer` decides the status and may look around first. */
async function startReceiver() {
  const received: Received[] = [];
  const receiver = {
    received,
    status: 200,
    answer: async (_request: Received): Promise<void> => undefined,
    url: "",
    server: null as Server | null,
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const entry = { headers: request.headers, body: Buffer.concat(chunks).toString("utf8") };
      received.push(entry);
      void receiver.answer(entry).finally(() => response.writeHead(receiver.status).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.server = server;
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return receiver;
}

describeEachDatabase("webhooks", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { webhooks: { allowPrivateUrls: true } } });
    receiver = await startReceiver();
  });
  beforeEach(async () => {
    t.clock.now = new Date();
    user = await signInTestUser(t.app);
    receiver.received.length = 0;
    receiver.status = 200;
    receiver.answer = async () => undefined;
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.server!.close(resolve));
  });

  /** The user's cookies with an access token valid on the test clock (which the retry case moves by a day). */
  function headersOf(owner: SignedInUser, mutating = false) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    const cookie = owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`);
    return mutating ? { cookie, "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] } : { cookie };
  }
  async function call<T>(owner: SignedInUser, method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: headersOf(owner, method !== "GET"), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() as T };
  }
  async function createWebhook(owner: SignedInUser, events: string[], url = receiver.url): Promise<CreatedWebhook> {
    const created = await call<CreatedWebhook>(owner, "POST", "/api/webhooks", { url, events });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body;
  }
  const deliver = async () => {
    await t.app.webhookEvents.settled();
    return t.app.webhookDeliveries.deliverDue();
  };
  const deliveriesOf = async (owner: SignedInUser, id: string) =>
    (await call<WebhookDelivery[]>(owner, "GET", `/api/webhooks/${id}/deliveries`)).body;

  it("adds, lists, reads, changes and deletes a webhook; the secret is shown once", async () => {
    const created = await createWebhook(user, ["task.created", "task.created", "goal.changed"]);
    expect(created).toMatchObject({ url: receiver.url, events: ["task.created", "goal.changed"], enabled: true, disabledReason: null });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
    const list = await t.app.inject({ url: "/api/webhooks", headers: headersOf(user) });
    expect(list.body).not.toContain(created.secret);
    expect(list.json()).toEqual([expect.objectContaining({ id: created.id, events: ["task.created", "goal.changed"] })]);
    const changed = await call(user, "PATCH", `/api/webhooks/${created.id}`, { events: ["day.closed"], url: `${receiver.url}?v=2` });
    expect(changed).toEqual({ status: 200, body: expect.objectContaining({ events: ["day.closed"], url: `${receiver.url}?v=2` }) });
    expect((await call(user, "GET", `/api/webhooks/${created.id}`)).body).toEqual(changed.body);
    expect((await call(user, "DELETE", `/api/webhooks/${created.id}`)).body).toEqual({ ok: true });
    expect((await call(user, "GET", `/api/webhooks/${created.id}`)).status).toBe(404);
  });

  it("refuses a bad body with the fields' messages", async () => {
    const empty = await call<{ message: string }>(user, "POST", "/api/webhooks", { url: "", events: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("url: Webhook address is required");
    expect(empty.body.message).toContain("events: Choose at least one event");
    const unknown = await call<{ message: string }>(user, "POST", "/api/webhooks", { url: receiver.url, events: ["task.exploded"] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toContain("must be one of task.created, task.updated");
    const notAnAddress = await call<{ message: string }>(user, "POST", "/api/webhooks", { url: "hooks here", events: ["task.created"] });
    expect(notAnAddress).toEqual({ status: 400, body: expect.objectContaining({ message: expect.stringContaining("not a web address") }) });
    const ftp = await call<{ message: string }>(user, "POST", "/api/webhooks", { url: "ftp://example.com/x", events: ["task.created"] });
    expect(ftp.body.message).toBe("The address must start with https://");
  });

  it("answers another user's webhook with 404, and never sends them this user's events", async () => {
    const created = await createWebhook(user, ["task.created"]);
    const other = await signInTestUser(t.app, { name: "Other" });
    for (const [method, url, payload] of [
      ["GET", `/api/webhooks/${created.id}`],
      ["PATCH", `/api/webhooks/${created.id}`, { enabled: false }],
      ["DELETE", `/api/webhooks/${created.id}`],
      ["GET", `/api/webhooks/${created.id}/deliveries`],
      ["POST", `/api/webhooks/${created.id}/test`],
    ] as const) {
      expect((await call(other, method, url, payload)).status, `${method} ${url}`).toBe(404);
    }
    expect((await call(other, "GET", "/api/webhooks")).body).toEqual([]);
    expect((await call(other, "POST", "/api/tasks", { title: "Not yours", date: "2026-03-02" })).status).toBe(201);
    await deliver();
    expect(receiver.received).toEqual([]);
    expect(await deliveriesOf(user, created.id)).toEqual([]);
  });

  it("refuses a private address unless WEBHOOK_ALLOW_PRIVATE_URLS is set, and http:// then too", async () => {
    const strict: App = await buildApp(testConfig(), { db: t.db, logger: false, now: () => t.clock.now, webRoot: "/nonexistent" });
    await strict.ready();
    try {
      for (const [url, message] of [
        ["https://127.0.0.1/hook", "The webhook's host 127.0.0.1 is on a private network, which Daywise does not send to"],
        ["https://[::1]:8443/hook", "The webhook's host ::1 is on a private network, which Daywise does not send to"],
        ["https://localhost/hook", "The webhook's host localhost is on a private network, which Daywise does not send to"],
        ["http://203.0.114.1/hook", "The address must start with https://"],
      ]) {
        const response = await strict.inject({
          method: "POST",
          url: "/api/webhooks",
          headers: headersOf(user, true),
          payload: { url, events: ["task.created"] },
        });
        expect(response.json(), url).toEqual({ message, code: "bad_request" });
      }
    } finally {
      await strict.close();
    }
  });

  it("delivers a signed event after the write commits, verified with the standardwebhooks library", async () => {
    const created = await createWebhook(user, ["task.created", "task.completed"]);
    let seenByReceiver: unknown;
    receiver.answer = async (request) => {
      const { data } = JSON.parse(request.body) as { data: Task };
      seenByReceiver = (await call<Task[]>(user, "GET", `/api/tasks?date=${data.date}`)).body.find((task) => task.id === data.id);
    };
    const task = await call<Task>(user, "POST", "/api/tasks", { title: "Hooked", date: "2026-03-02" });
    expect(receiver.received).toEqual([]);
    expect(await deliver()).toEqual({ deliveries: 1, succeeded: 1 });
    expect(receiver.received).toHaveLength(1);
    const [first] = receiver.received;
    const verified = new Webhook(created.secret).verify(first!.body, first!.headers as Record<string, string>);
    expect(verified).toEqual({ type: "task.created", timestamp: expect.any(String), data: task.body });
    expect(first!.headers["webhook-id"]).toMatch(/^msg_/);
    expect(seenByReceiver).toEqual(task.body);

    expect((await call(user, "PATCH", "/api/tasks/no-such-task", { status: "done" })).status).toBe(404);
    t.clock.advance(1000);
    const done = await call<Task>(user, "PATCH", `/api/tasks/${task.body.id}`, { status: "done" });
    await deliver();
    const second = receiver.received[1]!;
    expect(new Webhook(created.secret).verify(second.body, second.headers as Record<string, string>)).toMatchObject({
      type: "task.completed",
      data: done.body,
    });
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(24).toString("base64")}`).verify(second.body, second.headers as Record<string, string>),
    ).toThrow();
    expect((await deliveriesOf(user, created.id)).map((d) => [d.event, d.status, d.responseStatus])).toEqual([
      ["task.completed", "succeeded", 200],
      ["task.created", "succeeded", 200],
    ]);
  });

  it("sends a test delivery whatever the events", async () => {
    const created = await createWebhook(user, ["day.closed"]);
    expect((await call(user, "POST", `/api/webhooks/${created.id}/test`)).status).toBe(202);
    await deliver();
    const verified = new Webhook(created.secret).verify(
      receiver.received[0]!.body,
      receiver.received[0]!.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({ type: "webhook.test", data: { webhookId: created.id } });
  });

  it("retries with back-off for 24 hours, then disables the webhook with the reason", async () => {
    receiver.status = 500;
    const created = await createWebhook(user, ["goal.changed"]);
    const start = t.clock.now.getTime();
    await call(user, "POST", "/api/goals", { title: "Run a marathon" });
    await deliver();
    const attemptsAt: number[] = [];
    for (;;) {
      const [delivery] = await deliveriesOf(user, created.id);
      attemptsAt.push(Date.parse(delivery!.lastAttemptAt!) - start);
      if (!delivery!.nextAttemptAt) break;
      expect(delivery).toMatchObject({ status: "pending", responseStatus: 500, error: "The receiver answered 500" });
      t.clock.now = new Date(Date.parse(delivery!.nextAttemptAt) - 1);
      expect(await deliver()).toEqual({ deliveries: 0, succeeded: 0 });
      t.clock.now = new Date(delivery!.nextAttemptAt);
      await deliver();
    }
    const s = 1000;
    expect(attemptsAt).toEqual([0, 5 * s, 305 * s, 2105 * s, 9305 * s, 27305 * s, 63305 * s, 86400 * s]);
    expect(receiver.received).toHaveLength(8);
    expect((await deliveriesOf(user, created.id))[0]).toMatchObject({ status: "failed", attempts: 8 });
    const disabled = (await call<CreatedWebhook>(user, "GET", `/api/webhooks/${created.id}`)).body;
    expect(disabled).toMatchObject({
      enabled: false,
      disabledReason: expect.stringMatching(/deliveries failed for 24 hours \(The receiver answered 500\)$/),
    });

    await call(user, "POST", "/api/goals", { title: "Not sent while disabled" });
    await deliver();
    expect(receiver.received).toHaveLength(8);
    receiver.status = 200;
    expect((await call(user, "PATCH", `/api/webhooks/${created.id}`, { enabled: true })).body).toMatchObject({
      enabled: true,
      disabledReason: null,
    });
    await call(user, "POST", "/api/goals", { title: "Sent again" });
    await deliver();
    expect(receiver.received).toHaveLength(9);
  });
});
