// Webhook events of the writes made outside the REST routes (decision 059): the MCP tools, an applied
// assistant proposal, the automatic rollover, and an import (which sends none). Another user's webhook never hears them.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Task } from "../../../shared/api/tasks.ts";
import { WEBHOOK_EVENTS } from "../../../shared/api/webhook-limits.ts";
import { ACCESS_COOKIE, ACCESS_TTL_MS, createAccessToken } from "../auth/session-tokens.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, TEST_SECRET, type TestApp } from "../../test/test-app.ts";
import { proposalsService } from "../ai-proposals/proposals.service.ts";

// 23:30 in London (BST) on 2026-06-15, the default time of the automatic rollover.
const ROLLOVER_DUE = new Date("2026-06-15T22:30:00.000Z");
const T0 = new Date(ROLLOVER_DUE.getTime() - 3 * 60 * 60_000);

describeEachDatabase("webhook events of MCP, proposals, the automatic rollover and imports", (dialect) => {
  let t: TestApp;
  let base: string;
  let alice: SignedInUser;
  let bob: SignedInUser;
  // Each test's own receiving addresses: a later tick of the rollover also closes earlier tests' days.
  let run = 0;
  let alicePath = "";
  let bobPath = "";
  const received: Array<{ path: string; type: string; data: { id?: string; title?: string; date?: string } }> = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ path: request.url ?? "", ...JSON.parse(Buffer.concat(chunks).toString("utf8")) });
      response.writeHead(200).end();
    });
  });

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: T0, config: { webhooks: { allowPrivateUrls: true } } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => receiver.close(resolve));
  });
  beforeEach(async () => {
    t.clock.now = T0;
    await deliveredTo("/");
    received.length = 0;
    alice = await signInTestUser(t.app, { name: "Alice" });
    bob = await signInTestUser(t.app, { name: "Bob" });
    run += 1;
    [alicePath, bobPath] = [`/alice-${run}`, `/bob-${run}`];
    for (const [owner, path] of [
      [alice, alicePath],
      [bob, bobPath],
    ] as const) {
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
      expect((await call(owner, "POST", "/api/webhooks", { url, events: WEBHOOK_EVENTS })).status).toBe(201);
      // As the browser sends it after sign-in, which schedules the user's automatic rollover.
      expect((await call(owner, "PATCH", "/api/user/preferences", { timeZone: "Europe/London" })).status).toBe(200);
    }
  });

  function headersOf(owner: SignedInUser, mutating: boolean) {
    const access = createAccessToken(TEST_SECRET, owner.sessionId, new Date(t.clock.now.getTime() + ACCESS_TTL_MS));
    const cookie = owner.headers.cookie.replace(new RegExp(`${ACCESS_COOKIE}=[^;]*`), `${ACCESS_COOKIE}=${access}`);
    return mutating ? { cookie, "x-csrf-token": owner.mutatingHeaders["x-csrf-token"] } : { cookie };
  }
  async function call(owner: SignedInUser, method: "GET" | "POST" | "PATCH", url: string, payload?: object) {
    const response = await t.app.inject({ method, url, headers: headersOf(owner, method !== "GET"), ...(payload ? { payload } : {}) });
    return { status: response.statusCode, body: response.json() };
  }
  /** What each receiver got, as [type, title or id], once every queued event was sent. */
  async function deliveredTo(path: string) {
    await t.app.webhookEvents.settled();
    await t.app.webhookDeliveries.deliverDue();
    return received
      .filter((entry) => entry.path === path)
      .map((entry) => [entry.type, entry.type === "day.closed" ? entry.data.date : (entry.data.title ?? entry.data.id)])
      .sort();
  }

  it("sends the MCP tools' writes: created, completed and deleted tasks", async () => {
    const token = (await call(alice, "POST", "/api/tokens", { name: "MCP", scope: "write" })).body.token as string;
    const client = new Client({ name: "webhook-test", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: { authorization: `Bearer ${token}` } } }),
    );
    try {
      const created = await client.callTool({ name: "create_tasks", arguments: { tasks: [{ title: "Draft" }, { title: "Send" }] } });
      const [draft, send] = (created.structuredContent as { tasks: Task[] }).tasks;
      await client.callTool({ name: "update_task", arguments: { id: draft!.id, changes: { status: "done" } } });
      await client.callTool({ name: "delete_task", arguments: { id: send!.id } });
      expect(await deliveredTo(alicePath)).toEqual([
        ["task.completed", "Draft"],
        ["task.created", "Draft"],
        ["task.created", "Send"],
        ["task.deleted", send!.id],
      ]);
    } finally {
      await client.close();
    }
    expect(await deliveredTo(bobPath)).toEqual([]);
  });

  it("sends an applied proposal's changes once it commits, and its undo's", async () => {
    const report = (await call(alice, "POST", "/api/tasks", { title: "Write the report", date: "2026-06-15" })).body as Task;
    const service = proposalsService({ kysely: t.db.kysely, dialect, now: () => t.app.now() });
    const proposal = await service.propose(alice.userId, "create_tasks", [
      { kind: "updateTask", taskId: report.id, body: { date: "2026-06-16" } },
      { kind: "createTask", body: { title: "Call the bank", date: "2026-06-15" } },
    ]);
    const changeIds = proposal.changes.map((change) => change.id);
    expect((await call(alice, "POST", `/api/ai/proposals/${proposal.id}/apply`, { changeIds })).status).toBe(200);
    const applied = await deliveredTo(alicePath);
    expect(applied).toEqual([
      ["task.created", "Call the bank"],
      ["task.created", "Write the report"],
      ["task.updated", "Write the report"],
    ]);
    received.length = 0;
    expect((await call(alice, "POST", `/api/ai/proposals/${proposal.id}/undo`, {})).status).toBe(200);
    expect((await deliveredTo(alicePath)).map(([type]) => type)).toEqual(["task.deleted", "task.updated"]);
    expect(await deliveredTo(bobPath)).toEqual([]);
  });

  it("sends day.closed when the automatic rollover closes a day", async () => {
    await call(alice, "POST", "/api/tasks", { title: "Carry on", date: "2026-06-15" });
    await deliveredTo(alicePath);
    received.length = 0;
    t.clock.now = new Date(ROLLOVER_DUE.getTime() + 60_000);
    await t.app.autoRollover.runDueRollovers();
    expect(await deliveredTo(alicePath)).toEqual([["day.closed", "2026-06-15"]]);
    expect(await deliveredTo(bobPath)).toEqual([]);
  });

  it("sends nothing for an import, however many tasks it adds", async () => {
    const content = ["title,date", "Imported one,2026-06-15", "Imported two,2026-06-16"].join("\n");
    const imported = await call(alice, "POST", "/api/import", { format: "csv", content });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const day = await call(alice, "GET", "/api/tasks?date=2026-06-15");
    expect((day.body as Task[]).map((task) => task.title)).toContain("Imported one");
    expect(await deliveredTo(alicePath)).toEqual([]);
  });
});
