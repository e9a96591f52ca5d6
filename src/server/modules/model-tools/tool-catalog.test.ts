// The catalog against its two bindings: every tool's example input passes its input schema and its
// answer, run as the MCP server runs it, passes its output schema; each binding offers what the catalog says.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { asSchema, type ToolSet } from "ai";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { DAY_WORD_PATTERN } from "../../../shared/api/model-tools.ts";
import { TIME_OF_DAY_PATTERN } from "../../../shared/rules/dates.ts";
import { signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";
import { assistantTools } from "../ai-proposals/assistant-tools.ts";
import { mcpToolkit, runAtOnce } from "../mcp/mcp-tools.ts";
import { type ToolDeps, toolCatalog, toolContext, toolServices, toolsOfferedTo } from "./tool-catalog.ts";

const NOW = new Date("2026-05-04T09:00:00.000Z");
const TODAY = "2026-05-04";
const names = (tools: readonly { name: string }[]) => tools.map((tool) => tool.name).sort();

const depsOf = (t: TestApp): ToolDeps => ({
  kysely: t.db.kysely,
  dialect: t.dialect,
  now: () => t.app.now(),
  ai: testConfig().ai,
  log: t.app.log,
});

describe("tool catalog", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
  });
  afterAll(() => t.close());

  it("names each tool once, in snake_case, offered to at least one binding", () => {
    for (const tool of toolCatalog) {
      expect(tool.name).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(tool.offeredTo.length, tool.name).toBeGreaterThan(0);
    }
    expect(new Set(toolCatalog.map((tool) => tool.name)).size).toBe(toolCatalog.length);
  });

  it("the assistant is given the catalog's assistant tools", () => {
    const tools = assistantTools({ ...depsOf(t), userId: "nobody", onProposal: () => {} });
    expect(Object.keys(tools).sort()).toEqual(names(toolsOfferedTo("assistant")));
  });

  it("gives both bindings the formats of dates, times and days in the JSON Schema, and Gemini the formats it refuses in words", async () => {
    const inputOf = async (tools: ToolSet, name: string) => JSON.stringify(await asSchema(tools[name]!.inputSchema).jsonSchema);
    const assistant = assistantTools({ ...depsOf(t), userId: "nobody", onProposal: () => {} });
    const created = JSON.parse(await inputOf(assistant, "create_tasks")).properties.tasks.items.properties;
    expect(created.scheduledStartTime.anyOf[0]).toEqual({ type: "string", pattern: TIME_OF_DAY_PATTERN });
    expect(created.date.anyOf[0]).toMatchObject({ type: "string", format: "date", pattern: "^\\d{4}-\\d{2}-\\d{2}$" });
    const moved = JSON.parse(await inputOf(assistant, "move_tasks")).properties;
    expect(moved.date.anyOf[0].pattern).toBe(DAY_WORD_PATTERN);
    expect(moved.status.enum).toEqual(["todo", "inprogress", "done", "stalled"]);
    expect(JSON.parse(await inputOf(assistant, "get_tasks")).properties.endDate.pattern).toBe(DAY_WORD_PATTERN);

    // Gemini answers 400 to a string format other than enum and date-time: the rest stays.
    const gemini = assistantTools({ ...depsOf(t), userId: "nobody", onProposal: () => {}, provider: "gemini" });
    const forGemini = await inputOf(gemini, "create_tasks");
    expect(forGemini).not.toContain('"format"');
    const geminiTask = JSON.parse(forGemini).properties.tasks.items.properties;
    expect(geminiTask.scheduledStartTime.anyOf[0].description).toBe(`pattern ${TIME_OF_DAY_PATTERN}`);
    expect(geminiTask.date.anyOf[0].description).toContain("format date");

    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: "catalog-test", version: "1.0.0" });
    await Promise.all([mcpToolkit(depsOf(t))("nobody", "write").connect(serverSide), client.connect(clientSide)]);
    const { tools } = await client.listTools();
    const listed = JSON.parse(JSON.stringify(tools.find((tool) => tool.name === "create_tasks")!.inputSchema));
    const listedTask = listed.properties.tasks.items.properties;
    expect(listedTask.scheduledStartTime.anyOf[0]).toEqual({ type: "string", pattern: TIME_OF_DAY_PATTERN });
    expect(listedTask.date.anyOf[0]).toMatchObject({ type: "string", format: "date" });
    const day = tools.find((tool) => tool.name === "get_day")!.inputSchema.properties!.date;
    expect(day).toMatchObject({ type: "string", format: "date" });
    await client.close();
  });

  it("the MCP server lists the catalog's MCP tools, the read ones alone to a read token", async () => {
    const createServer = mcpToolkit(depsOf(t));
    for (const scope of ["read", "write"] as const) {
      const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
      const server = createServer("nobody", scope);
      const client = new Client({ name: "catalog-test", version: "1.0.0" });
      await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
      const { tools } = await client.listTools();
      const offered = toolsOfferedTo("mcp").filter((tool) => scope === "write" || tool.kind !== "write");
      expect(names(tools)).toEqual(names(offered));
      await client.close();
    }
  });
});

describeEachDatabase("tool catalog answers", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: NOW });
  });
  afterAll(() => t.close());

  it("every tool's example passes its input schema, and its answer its output schema", async () => {
    const { userId } = await signInTestUser(t.app, { timeZone: "UTC" });
    const context = toolContext(toolServices(depsOf(t)), userId);
    const goal = await context.goals.createGoal(userId, { title: "Ship it", description: null, targetDate: null, status: "active" });
    const [report, someday, first, second] = await context.tasks.createTasks(userId, [
      { title: "Write the report", date: TODAY, estimatedDuration: 30, goalId: goal.id },
      { title: "Someday", estimatedDuration: 30 },
      { title: "Delete me", date: TODAY },
      { title: "Delete me too", date: TODAY },
    ]);
    const examples: Record<string, Record<string, unknown>> = {
      get_day: {},
      get_tasks: { date: "today", endDate: "2026-05-10" },
      get_future_tasks: {},
      get_capacity: { date: "tomorrow" },
      list_goals: { status: "active" },
      search_tasks: { query: "report", from: TODAY },
      get_insights: { date: TODAY },
      create_tasks: { tasks: [{ title: "Call the bank", scheduledStartTime: "15:00" }] },
      update_task: { id: report!.id, changes: { title: "Write the summary" } },
      add_checklist_items: { taskId: report!.id, titles: ["Outline", "Draft"] },
      move_tasks: { taskIds: [report!.id], date: "tomorrow" },
      complete_tasks: { taskIds: [report!.id] },
      plan_day: { date: "tomorrow" },
      create_goal: { title: "Learn Spanish", targetDate: "2026-12-31" },
      delete_tasks: { taskIds: [first!.id] },
      delete_task: { id: second!.id },
    };
    expect(Object.keys(examples).sort()).toEqual(names(toolCatalog));
    for (const tool of toolCatalog) {
      const input = z.object(tool.input).safeParse(examples[tool.name]);
      expect(input.error, tool.name).toBeUndefined();
      if (tool.kind === "write" && tool.offeredTo.includes("assistant")) {
        // A proposal deletes single tasks: a series scope would be dropped on its way.
        const changes = await tool.changes(context, input.data as never);
        expect(changes.filter((change) => "scope" in change)).toEqual([]);
      }
      const answer = await runAtOnce(tool, context, input.data as never);
      const output = z.object(tool.output).safeParse(answer);
      expect(output.error, tool.name).toBeUndefined();
    }
    const board = await context.tasks.listTasksOfDay(userId, TODAY);
    expect(board.map((task) => task.title).sort()).toEqual(["Call the bank"]);
    expect(someday!.date).toBeNull();
  });
});
