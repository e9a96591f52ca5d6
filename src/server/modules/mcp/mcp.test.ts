// The MCP server driven by the SDK's own client over HTTP, against the listening app.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addDays } from "../../../shared/rules/dates.ts";
import { buildApp } from "../../app.ts";
import { signInTestUser, type SignedInUser } from "../../test/sign-in.ts";
import { createTestApp, createTestDatabase, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";

// plan_day stores a proposal for the user to apply in the app, and writes none of their data.
const READ_TOOLS = ["get_day", "get_insights", "list_goals", "plan_day", "search_tasks"];
const WRITE_TOOLS = ["add_checklist_items", "create_tasks", "delete_task", "update_task"];

async function newToken(t: TestApp, user: SignedInUser, scope: "read" | "write"): Promise<string> {
  const payload = { name: `MCP ${scope}`, scope };
  const response = await t.app.inject({ method: "POST", url: "/api/tokens", headers: user.mutatingHeaders, payload });
  expect(response.statusCode).toBe(201);
  return response.json().token;
}

describeEachDatabase("MCP server", (dialect) => {
  let t: TestApp;
  let base: string;
  let user: SignedInUser;
  const clients: Client[] = [];
  beforeAll(async () => {
    t = await createTestApp(dialect, { config: { mcpRateLimitPerMinute: 40 } });
    base = await t.app.listen({ port: 0, host: "127.0.0.1" });
    user = await signInTestUser(t.app, { timeZone: "Europe/Paris" });
  });
  afterAll(async () => {
    for (const client of clients) await client.close();
    await t.close();
  });

  async function connect(token: string): Promise<Client> {
    const client = new Client({ name: "daywise-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    // Listed once, the client checks every call's structured answer against the tool's output schema.
    await client.listTools();
    clients.push(client);
    return client;
  }

  const call = async (client: Client, name: string, args: Record<string, unknown> = {}) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult & { structuredContent?: Record<string, unknown> };

  it("lists every tool to a write token, with schemas and annotations", async () => {
    const client = await connect(await newToken(t, user, "write"));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...READ_TOOLS, ...WRITE_TOOLS].sort());
    for (const tool of tools) {
      expect(tool.description!.length).toBeGreaterThan(40);
      expect(tool.outputSchema).toMatchObject({ type: "object" });
      expect(tool.annotations?.readOnlyHint).toBe(READ_TOOLS.includes(tool.name));
    }
    expect(tools.find((tool) => tool.name === "delete_task")!.annotations?.destructiveHint).toBe(true);
  });

  it("calls each tool; writes go through the services (board, goal counts)", async () => {
    const client = await connect(await newToken(t, user, "write"));
    const goal = await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Ship it" } });
    const goalId = goal.json().id as string;
    const created = await call(client, "create_tasks", {
      tasks: [
        { title: "Write the brief", estimatedDuration: 30, goalId },
        { title: "Review the plan", date: "2030-01-07" },
      ],
    });
    expect(created.isError).toBeFalsy();
    const [first, second] = created.structuredContent!.tasks as Array<{ id: string; date: string; title: string }>;
    const today = first!.date;
    expect(second!.date).toBe("2030-01-07");

    const day = await call(client, "get_day");
    expect(day.structuredContent).toMatchObject({ date: today, isToday: true, capacity: { total: 1, estimatedMinutes: 30 } });
    expect(JSON.parse((day.content[0] as { text: string }).text).tasks.todo[0].title).toBe("Write the brief");

    const updated = await call(client, "update_task", { id: first!.id, changes: { status: "done" } });
    expect(updated.structuredContent).toMatchObject({ task: { status: "done" } });
    const goals = await call(client, "list_goals");
    expect(goals.structuredContent).toMatchObject({
      goals: [{ id: goalId, completedTasksCount: 1, totalTasksCount: 1, progressPercentage: 1 }],
    });

    const found = await call(client, "search_tasks", { query: "review", from: "2030-01-01", to: "2030-01-31" });
    expect((found.structuredContent!.tasks as Array<{ id: string }>).map((task) => task.id)).toEqual([second!.id]);
    expect((await call(client, "search_tasks", { query: "review", status: "done" })).structuredContent).toEqual({ tasks: [] });

    const insights = await call(client, "get_insights");
    expect(insights.isError).toBeFalsy();
    expect(insights.structuredContent).toMatchObject({ date: today, weeklySummary: null });

    expect((await call(client, "delete_task", { id: second!.id })).structuredContent).toEqual({ deleted: true, id: second!.id });
    const board = await t.app.inject({ url: `/api/tasks?date=${today}`, headers: user.headers });
    expect(board.json().map((task: { title: string }) => task.title)).toEqual(["Write the brief"]);
  });

  it("get_day shows the latest stalled tasks of other days and how many there are", async () => {
    const other = await signInTestUser(t.app, { name: "Staller" });
    const client = await connect(await newToken(t, other, "write"));
    const created = await call(client, "create_tasks", {
      tasks: [
        { title: "Long ago", date: "2020-01-06", estimatedDuration: 10 },
        { title: "Later", date: "2020-01-07", estimatedDuration: 10 },
      ],
    });
    for (const task of created.structuredContent!.tasks as Array<{ id: string }>) {
      await call(client, "update_task", { id: task.id, changes: { status: "inprogress" } });
    }
    t.clock.advance(20 * 60 * 1000);
    const day = await call(client, "get_day");
    expect(day.structuredContent).toMatchObject({ stalledElsewhereCount: 2 });
    const stalled = day.structuredContent!.stalledElsewhere as Array<{ title: string; status: string }>;
    expect(stalled.map((task) => [task.title, task.status])).toEqual([
      ["Later", "stalled"],
      ["Long ago", "stalled"],
    ]);
    // The day's own stalled task is in its list, not among the others nor in their count.
    const later = await call(client, "get_day", { date: "2020-01-07" });
    expect(later.structuredContent).toMatchObject({ stalledElsewhereCount: 1, tasks: { stalled: [{ title: "Later" }] } });
    expect((later.structuredContent!.stalledElsewhere as Array<{ title: string }>).map((task) => task.title)).toEqual(["Long ago"]);
  });

  it("get_day lists the day's calendar events and their busy minutes", async () => {
    const planner = await signInTestUser(t.app, { name: "Meeter", timeZone: "Europe/Paris" });
    const client = await connect(await newToken(t, planner, "read"));
    const { date } = (await call(client, "get_day")).structuredContent as { date: string };
    const at = new Date().toISOString();
    const subscriptionId = crypto.randomUUID();
    await t.db.kysely
      .insertInto("calendarSubscriptions")
      .values({
        ...{ id: subscriptionId, userId: planner.userId, name: "Work", url: "https://cal.test/w.ics", colour: "#2563eb", enabled: 1 },
        ...{ lastSuccessAt: at, lastError: null, lastErrorAt: null, contentHash: null, expandedOn: null },
        ...{ nextFetchAt: at, createdAt: at, updatedAt: at },
      })
      .execute();
    // 10:00-11:30 in Paris, in winter or summer time: both instants are read back in the user's zone.
    const start = new Date(`${date}T08:00:00Z`);
    const end = new Date(start.getTime() + 90 * 60_000);
    const [from, to] = [new Date(start.getTime() - 86_400_000).toISOString(), new Date(end.getTime() + 86_400_000).toISOString()];
    await t.db.kysely
      .insertInto("calendarEvents")
      .values({
        subscriptionId,
        userId: planner.userId,
        id: "review",
        title: "Review",
        rangeStart: from,
        rangeEnd: to,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        allDay: 0,
        busy: 1,
      })
      .execute();
    const day = (await call(client, "get_day")).structuredContent!;
    expect(day.events).toEqual([expect.objectContaining({ title: "Review", allDay: false, busy: true })]);
    expect(day.meetingMinutes).toBe(90);
  });

  it("get_day reads the calendar's last and first days, a daily series started today in them, in well under 2 s", async () => {
    const planner = await signInTestUser(t.app, { name: "Far" });
    const client = await connect(await newToken(t, planner, "write"));
    await call(client, "create_tasks", { tasks: [{ title: "Stretch", recurrence: "FREQ=DAILY" }] });
    const started = performance.now();
    const last = await call(client, "get_day", { date: "9999-12-31" });
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(last.isError, JSON.stringify(last.content)).toBeFalsy();
    expect(last.structuredContent).toMatchObject({ date: "9999-12-31", isToday: false, tasks: { todo: [{ title: "Stretch" }] } });
    const first = await call(client, "get_day", { date: "1000-01-01" });
    expect(first.structuredContent).toMatchObject({ date: "1000-01-01", tasks: { todo: [] } });
  });

  it("answers a refused call as a tool error, not a failure of the protocol", async () => {
    const client = await connect(await newToken(t, user, "write"));
    const missing = await call(client, "update_task", { id: "00000000-0000-4000-8000-000000000000", changes: { title: "x" } });
    expect(missing.isError).toBe(true);
    expect(missing.content[0]).toMatchObject({ text: expect.stringContaining("not_found") });
    const invalid = await call(client, "create_tasks", { tasks: [{ title: "" }] });
    expect(invalid.isError).toBe(true);
  });

  it("a read token sees and may call only the read tools", async () => {
    const client = await connect(await newToken(t, user, "read"));
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(READ_TOOLS);
    expect((await call(client, "get_day")).isError).toBeFalsy();
    const planned = await call(client, "plan_day", { date: "today" });
    expect(planned.isError, JSON.stringify(planned.content)).toBeFalsy();
    expect(planned.structuredContent).toMatchObject({ proposal: null, unplaced: [] });
    const write = await call(client, "create_tasks", { tasks: [{ title: "Not allowed" }] });
    expect(write.isError).toBe(true);
    const search = await t.app.inject({ url: "/api/tasks/search?q=allowed", headers: user.headers });
    expect(search.json()).toEqual([]);
  });

  it("declares logging, resources and prompts; sets the level the client asks for", async () => {
    const client = await connect(await newToken(t, user, "read"));
    expect(client.getServerCapabilities()).toMatchObject({ logging: {}, resources: {}, prompts: {}, tools: {} });
    for (const level of ["debug", "warning", "emergency"] as const) expect(await client.setLoggingLevel(level)).toEqual({});
    await expect(client.request({ method: "logging/setLevel", params: { level: "loud" } }, z.object({}))).rejects.toThrow();
  });

  it("lists and reads a day's and the goals' resources and the day template, to a read token", async () => {
    const planner = await signInTestUser(t.app, { name: "Reader", timeZone: "Europe/Paris" });
    const writer = await connect(await newToken(t, planner, "write"));
    const goal = await t.app.inject({
      method: "POST",
      url: "/api/goals",
      headers: planner.mutatingHeaders,
      payload: { title: "Run a 10k" },
    });
    const created = await call(writer, "create_tasks", {
      tasks: [
        { title: "Morning run", estimatedDuration: 45, goalId: goal.json().id },
        { title: "Rest day", date: "2030-01-08" },
      ],
    });
    const today = (created.structuredContent!.tasks as Array<{ date: string }>)[0]!.date;
    const client = await connect(await newToken(t, planner, "read"));

    const { resources } = await client.listResources();
    expect(resources.map(({ uri }) => uri)).toEqual(["daywise://goals", `daywise://day/${today}`, `daywise://day/${addDays(today, 1)}`]);
    for (const resource of resources) expect(resource).toMatchObject({ name: expect.any(String), mimeType: "application/json" });
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({ name: "day", uriTemplate: "daywise://day/{date}", mimeType: "application/json" }),
    ]);

    const read = async (uri: string) => {
      const { contents } = await client.readResource({ uri });
      expect(contents).toEqual([{ uri: expect.any(String), mimeType: "application/json", text: expect.any(String) }]);
      return { uri: contents[0]!.uri, value: JSON.parse((contents[0] as { text: string }).text) };
    };
    const day = await read(`daywise://day/${today}`);
    expect(day.value).toEqual((await call(writer, "get_day")).structuredContent);
    expect(day.value).toMatchObject({ date: today, tasks: { todo: [{ title: "Morning run" }] }, events: [], meetingMinutes: 0 });
    const later = await read("daywise://day/2030-01-08");
    expect(later.value).toMatchObject({ date: "2030-01-08", isToday: false, tasks: { todo: [{ title: "Rest day" }] } });
    expect(await read("daywise://day/today")).toEqual({ uri: `daywise://day/${today}`, value: day.value });
    const goals = await read("daywise://goals");
    expect(goals.value).toEqual({ goals: [expect.objectContaining({ title: "Run a 10k", totalTasksCount: 1 })] });

    await expect(client.readResource({ uri: "daywise://day/2030-02-30" })).rejects.toThrow(/yyyy-MM-dd/);
    await expect(client.readResource({ uri: "daywise://tasks" })).rejects.toThrow(/not found/);
  });

  it("lists the prompts with their arguments and fills them in", async () => {
    const planner = await signInTestUser(t.app, { name: "Prompted", timeZone: "Europe/Paris" });
    const writer = await connect(await newToken(t, planner, "write"));
    await t.app.inject({ method: "POST", url: "/api/goals", headers: planner.mutatingHeaders, payload: { title: "Learn Dutch" } });
    await call(writer, "create_tasks", { tasks: [{ title: "Dutch lesson", date: "2030-01-09", estimatedDuration: 30 }] });
    const client = await connect(await newToken(t, planner, "read"));

    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => [prompt.name, prompt.arguments?.map((argument) => [argument.name, argument.required])])).toEqual([
      [
        "plan-my-day",
        [
          ["date", false],
          ["focus", false],
        ],
      ],
      ["weekly-review", [["weekEnding", false]]],
    ]);
    for (const prompt of prompts) expect(prompt.description!.length).toBeGreaterThan(40);

    const plan = await client.getPrompt({ name: "plan-my-day", arguments: { date: "2030-01-09", focus: "the lesson" } });
    const [attached, ask] = plan.messages;
    expect(attached).toMatchObject({ role: "user", content: { type: "resource", resource: { uri: "daywise://day/2030-01-09" } } });
    const day = JSON.parse((attached!.content as { resource: { text: string } }).resource.text);
    expect(day).toMatchObject({ date: "2030-01-09", tasks: { todo: [{ title: "Dutch lesson" }] } });
    expect(ask).toMatchObject({ role: "user", content: { type: "text", text: expect.stringContaining("plan_day with date 2030-01-09") } });
    expect((ask!.content as { text: string }).text).toContain("the lesson");
    const today = (await call(client, "get_day")).structuredContent!.date as string;
    expect((await client.getPrompt({ name: "plan-my-day" })).messages[0]).toMatchObject({
      content: { resource: { uri: `daywise://day/${today}` } },
    });

    const review = await client.getPrompt({ name: "weekly-review", arguments: { weekEnding: "2030-01-09" } });
    expect(review.messages[0]).toMatchObject({ content: { type: "resource", resource: { uri: "daywise://goals" } } });
    expect(JSON.parse((review.messages[0]!.content as { resource: { text: string } }).resource.text)).toMatchObject({
      goals: [{ title: "Learn Dutch" }],
    });
    expect(review.messages[1]).toMatchObject({ content: { text: expect.stringContaining("2030-01-03 to 2030-01-09") } });
    await expect(client.getPrompt({ name: "weekly-review", arguments: { weekEnding: "next week" } })).rejects.toThrow(/weekEnding/);
  });

  it("every tool's structuredContent matches its outputSchema", async () => {
    const client = await connect(await newToken(t, user, "write"));
    const { tools } = await client.listTools();
    const validator = new AjvJsonSchemaValidator();
    const created = await call(client, "create_tasks", { tasks: [{ title: "Checked", estimatedDuration: 20 }] });
    const id = (created.structuredContent!.tasks as Array<{ id: string }>)[0]!.id;
    const args: Record<string, Record<string, unknown>> = {
      add_checklist_items: { taskId: id, titles: ["Outline", "Draft"] },
      create_tasks: { tasks: [{ title: "Checked too", date: "2030-01-10" }] },
      delete_task: { id },
      get_day: {},
      get_insights: {},
      list_goals: {},
      plan_day: {},
      search_tasks: { query: "checked" },
      update_task: { id, changes: { status: "inprogress" } },
    };
    expect(tools.map((tool) => tool.name).sort()).toEqual(Object.keys(args));
    // delete_task last: update_task needs the task.
    for (const tool of [...tools].sort((a, b) => Number(a.name === "delete_task") - Number(b.name === "delete_task"))) {
      const result = await call(client, tool.name, args[tool.name]);
      expect(result.isError, `${tool.name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      const check = validator.getValidator(tool.outputSchema!)(result.structuredContent);
      expect(check.valid, `${tool.name}: ${check.errorMessage}`).toBe(true);
      expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
    }
  });

  it("another user's token sees nothing of this user's", async () => {
    const mine = await connect(await newToken(t, user, "write"));
    const created = await call(mine, "create_tasks", { tasks: [{ title: "Private plan" }] });
    const taskId = (created.structuredContent!.tasks as Array<{ id: string }>)[0]!.id;
    const other = await signInTestUser(t.app, { name: "Other" });
    const theirs = await connect(await newToken(t, other, "write"));
    const day = await call(theirs, "get_day");
    expect(JSON.stringify(day.structuredContent)).not.toContain("Private plan");
    expect((await call(theirs, "search_tasks", { query: "private" })).structuredContent).toEqual({ tasks: [] });
    expect((await call(theirs, "update_task", { id: taskId, changes: { title: "Mine now" } })).isError).toBe(true);
    expect((await call(theirs, "delete_task", { id: taskId })).isError).toBe(true);
    const theirDay = await theirs.readResource({
      uri: `daywise://day/${(created.structuredContent!.tasks as Array<{ date: string }>)[0]!.date}`,
    });
    expect((theirDay.contents[0] as { text: string }).text).not.toContain("Private plan");
    const theirPlan = await theirs.getPrompt({ name: "plan-my-day" });
    expect(JSON.stringify(theirPlan)).not.toContain("Private plan");
  });

  it("refuses a request without a valid token: 401 with WWW-Authenticate, cookies not enough", async () => {
    const body = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream" };
    const extras: Record<string, string>[] = [
      {},
      { cookie: user.headers.cookie, "x-csrf-token": user.csrfToken },
      { authorization: "Bearer dw_unknown" },
    ];
    for (const extra of extras) {
      const response = await fetch(`${base}/mcp`, { method: "POST", headers: { ...headers, ...extra }, body: JSON.stringify(body) });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    const token = await newToken(t, user, "read");
    const get = await fetch(`${base}/mcp`, { headers: { authorization: `Bearer ${token}` } });
    expect(get.status).toBe(405);
    // Another site's page (DNS rebinding) is refused even with a token.
    const rebound = { ...headers, authorization: `Bearer ${token}`, origin: "http://evil.example" };
    expect((await fetch(`${base}/mcp`, { method: "POST", headers: rebound, body: JSON.stringify(body) })).status).toBe(403);
  });

  it("limits calls per token", async () => {
    const token = await newToken(t, user, "read");
    const body = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` };
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++) statuses.push((await fetch(`${base}/mcp`, { method: "POST", headers, body })).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const refused = await fetch(`${base}/mcp`, { method: "POST", headers, body });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect([...refused.headers.keys()].filter((name) => name.includes("ratelimit"))).toEqual([]);
    expect(await refused.json()).toEqual({ message: "Too many MCP calls with this token; try again shortly", code: "too_many_requests" });
  });

  it("counts each call of a JSON-RPC batch: three batches of 100 create at most the minute's limit", async () => {
    const batcher = await signInTestUser(t.app, { name: "Batcher" });
    const token = await newToken(t, batcher, "write");
    const headers = { "content-type": "application/json", accept: "application/json, text/event-stream", authorization: `Bearer ${token}` };
    const calls = (batch: number) =>
      Array.from({ length: 100 }, (_, index) => ({
        jsonrpc: "2.0",
        id: batch * 100 + index,
        method: "tools/call",
        params: { name: "create_tasks", arguments: { tasks: [{ title: `Batch ${batch} call ${index}` }] } },
      }));
    const statuses: number[] = [];
    for (let batch = 0; batch < 3; batch++) {
      statuses.push((await fetch(`${base}/mcp`, { method: "POST", headers, body: JSON.stringify(calls(batch)) })).status);
    }
    const created = await t.db.kysely
      .selectFrom("tasks")
      .select((eb) => eb.fn.countAll<number | string>().as("count"))
      .where("userId", "=", batcher.userId)
      .executeTakeFirstOrThrow();
    expect(Number(created.count)).toBeLessThanOrEqual(40);
    expect(statuses).toContain(429);
    // A batch within the allowance still works, each of its calls counted.
    const small = await signInTestUser(t.app, { name: "Small batcher" });
    const smallHeaders = { ...headers, authorization: `Bearer ${await newToken(t, small, "write")}` };
    const batchOf = (size: number) => JSON.stringify(calls(0).slice(0, size));
    expect((await fetch(`${base}/mcp`, { method: "POST", headers: smallHeaders, body: batchOf(30) })).status).toBe(200);
    expect((await fetch(`${base}/mcp`, { method: "POST", headers: smallHeaders, body: batchOf(11) })).status).toBe(429);
  });
});

describe("MCP server: logs", () => {
  it("logs each call (tool, user, outcome, time), never the token or the task text", async () => {
    const { db } = await createTestDatabase("sqlite");
    const lines: string[] = [];
    const app = await buildApp(testConfig({ logLevel: "info" }), {
      db,
      logStream: { write: (line: string) => lines.push(line) },
      webRoot: "/nonexistent",
    });
    try {
      const user = await signInTestUser(app);
      const created = await app.inject({
        method: "POST",
        url: "/api/tokens",
        headers: user.mutatingHeaders,
        payload: { name: "Logged", scope: "write" },
      });
      const token = created.json().token as string;
      const body = {
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: { name: "create_tasks", arguments: { tasks: [{ title: "Secret title" }] } },
      };
      const headers = { accept: "application/json, text/event-stream", authorization: `Bearer ${token}` };
      const response = await app.inject({ method: "POST", url: "/mcp", headers, payload: body });
      expect(response.statusCode).toBe(200);
      expect(response.json().result.structuredContent.tasks[0].title).toBe("Secret title");
      const log = lines.join("");
      const call = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === "mcp tool call");
      expect(call).toMatchObject({ tool: "create_tasks", userId: user.userId, outcome: "ok", ms: expect.any(Number) });
      expect(log).not.toContain(token.slice(3));
      expect(log).not.toContain("Secret title");
    } finally {
      await app.close();
      await db.close();
    }
  });
});
