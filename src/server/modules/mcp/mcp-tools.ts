// The MCP tools (docs/decisions/036): each a thin call of the services the REST routes use, so validation,
// the data version, the stalled rule and the goals' counts apply alike. A read token gets only the read tools.
import { meetingMinutes } from "../../../shared/rules/meetings.ts";
import { calendarEvents } from "../calendar/calendar.service.ts";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { type CallToolResult, ListToolsRequestSchema, type Tool, type ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { z } from "zod";
import * as contract from "../../../shared/api/mcp.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import type { TokenScope } from "../../../shared/api/tokens.ts";
import { capacityCardFigures } from "../../../shared/rules/capacity.ts";
import { queryWords } from "../../../shared/rules/task-search.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { goalsService } from "../goals/goals.service.ts";
import { insightsService } from "../insights/insights.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";

export interface McpDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  ai: AiConfig;
  log: FastifyBaseLogger;
}

type Shape = Record<string, z.ZodType>;
type Output<S extends Shape> = { [K in keyof S]: z.output<S[K]> };

const READ: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };
const mcpTaskFields = Object.keys(contract.mcpTaskSchema.shape) as (keyof contract.McpTask)[];
function toTask(task: Task): contract.McpTask {
  const picked: Record<string, unknown> = {};
  for (const field of mcpTaskFields) picked[field] = task[field];
  return picked as contract.McpTask;
}

interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  input: Shape;
  inputSchema: z.ZodObject;
  output: Shape;
  annotations: ToolAnnotations;
  run: (userId: string, input: never) => Promise<Record<string, unknown>>;
}

// Shared by every request's server: each would otherwise compile its own Ajv (used for elicitation only).
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** Services and tool definitions built once per app; a server per request only binds them to the token's user. */
export function mcpToolkit(deps: McpDeps) {
  const tasks = tasksService(deps);
  const goals = goalsService(deps);
  const users = usersService(deps);
  const insights = insightsService({ ...deps, materialiseDay: tasks.materialiseDay });
  const calendars = calendarEvents(deps);
  const definitions: ToolDefinition[] = [];

  function tool<I extends Shape, O extends Shape>(
    name: string,
    definition: { title: string; description: string; input: I; output: O; annotations: ToolAnnotations },
    run: (userId: string, input: Output<I>) => Promise<Output<O>>,
  ): void {
    definitions.push({ name, ...definition, inputSchema: z.object(definition.input), run: run as ToolDefinition["run"] });
  }

  tool(
    "get_day",
    {
      title: "Get a day's plan",
      description:
        "The user's plan for one day (default: today in their time zone): its tasks grouped by status (todo, inprogress, " +
        "done, stalled), stalled tasks left on other days, the Capacity card's figures and the calendars' events. Start here before planning.",
      input: contract.getDayInput,
      output: contract.getDayOutput,
      annotations: READ,
    },
    async (userId, { date }) => {
      const today = await users.userToday(userId);
      const day = date ?? today;
      // The stalled rule runs first, so that the day's list and the count agree.
      const elsewhere = await tasks.latestStalledElsewhere(userId, day, contract.MCP_STALLED_SHOWN);
      const ofDay = await tasks.listTasksOfDay(userId, day);
      const events = await calendars.listEvents(userId, { date: day });
      const byStatus = (status: Task["status"]) => ofDay.filter((task) => task.status === status).map(toTask);
      const {
        total,
        active,
        stalled: stalledCount,
        estimatedMinutes,
        progressPercent,
        workloadLabel,
        recommendation,
        breakdown,
      } = capacityCardFigures(ofDay);
      return {
        date: day,
        isToday: day === today,
        tasks: { todo: byStatus("todo"), inprogress: byStatus("inprogress"), done: byStatus("done"), stalled: byStatus("stalled") },
        stalledElsewhere: elsewhere.tasks.map(toTask),
        stalledElsewhereCount: elsewhere.total,
        capacity: {
          total,
          done: breakdown.done,
          active,
          stalled: stalledCount,
          estimatedMinutes,
          progressPercent,
          workloadLabel,
          recommendation,
        },
        events: events.map(({ title, start, end, allDay, busy }) => ({ title, start, end, allDay, busy })),
        meetingMinutes: meetingMinutes(events, day),
      };
    },
  );

  tool(
    "list_goals",
    {
      title: "List goals",
      description: "The user's goals with their progress (tasks done of tasks linked, as a fraction 0..1), newest first.",
      input: contract.listGoalsInput,
      output: contract.listGoalsOutput,
      annotations: READ,
    },
    async (userId, { status }) => {
      const list = await goals.listGoals(userId);
      return {
        goals: list
          .filter((goal) => status === undefined || goal.status === status)
          .map(({ createdAt: _created, updatedAt: _updated, ...goal }) => goal),
      };
    },
  );

  tool(
    "search_tasks",
    {
      title: "Search tasks",
      description: "Finds the user's tasks by words of their title or description, optionally within days (from, to) and by status.",
      input: contract.searchTasksInput,
      output: contract.tasksOutput,
      annotations: READ,
    },
    async (userId, { query, from, to, status, limit }) => {
      const words = queryWords(query);
      if (words.length === 0) return { tasks: [] };
      const found = await tasks.searchTasks(userId, words, 50);
      const matches = found.filter(
        (task) =>
          (status === undefined || task.status === status) &&
          (from === undefined || (task.date !== null && task.date >= from)) &&
          (to === undefined || (task.date !== null && task.date <= to)),
      );
      return { tasks: matches.slice(0, limit ?? 20).map(toTask) };
    },
  );

  tool(
    "get_insights",
    {
      title: "Get insights",
      description: "A day's insights (default today: celebrations, warnings, suggestions, patterns) and the latest weekly summary.",
      input: contract.getInsightsInput,
      output: contract.getInsightsOutput,
      annotations: READ,
    },
    async (userId, { date }) => {
      const day = date ?? (await users.userToday(userId));
      // Like a GET another site could start: a tool's read never spends a model call.
      const daily = await insights.getDailyInsights(userId, day, { mayCallModel: false });
      const [latest] = await insights.listWeeklySummaries(userId, 1);
      return { date: day, daily, weeklySummary: latest ?? null };
    },
  );

  tool(
    "create_tasks",
    {
      title: "Create tasks",
      description:
        "Adds one or more tasks in one step (all or none). Each: title, optional description, estimatedDuration (minutes), " +
        "scheduledStartTime (HH:mm), goalId (from list_goals), date (yyyy-MM-dd; omitted: today), recurrence (an RRULE).",
      input: contract.createTasksInput,
      output: contract.tasksOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
    },
    async (userId, { tasks: bodies }) => {
      const today = await users.userToday(userId);
      const created = await tasks.createTasks(
        userId,
        bodies.map((body) => (body.date === undefined ? { ...body, date: today } : body)),
      );
      return { tasks: created.map(toTask) };
    },
  );

  tool(
    "update_task",
    {
      title: "Update a task",
      description:
        "Changes a task's fields, its status (todo, inprogress, done) or its date (moving it). The board's rules apply: " +
        'starting and finishing are timed, a goal\'s counts follow. Of a repeating task, scope "future" changes the series.',
      input: contract.updateTaskInput,
      output: contract.taskOutput,
      annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
    },
    async (userId, { id, changes }) => ({ task: toTask(await tasks.updateTask(userId, id, changes)) }),
  );

  tool(
    "delete_task",
    {
      title: "Delete a task",
      description: 'Deletes a task for good. Of a repeating task, scope "future" deletes this and the following occurrences.',
      input: contract.deleteTaskInput,
      output: contract.deleteTaskOutput,
      annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
    },
    async (userId, { id, scope }) => {
      await tasks.deleteTask(userId, id, scope);
      return { deleted: true as const, id };
    },
  );

  const forScope = (scope: TokenScope) => definitions.filter((definition) => scope === "write" || definition.annotations.readOnlyHint);
  // tools/list as the SDK writes it, converted to JSON Schema once rather than on every list.
  const listed = (scope: TokenScope): Tool[] =>
    forScope(scope).map(({ name, title, description, input, output, annotations }) => ({
      name,
      title,
      description,
      inputSchema: toJsonSchemaCompat(z.object(input), { strictUnions: true, pipeStrategy: "input" }) as Tool["inputSchema"],
      outputSchema: toJsonSchemaCompat(z.object(output), { strictUnions: true, pipeStrategy: "output" }) as Tool["outputSchema"],
      annotations,
    }));
  const toolLists = { read: listed("read"), write: listed("write") };

  // Only the called tool is registered: building all of them costs more than the call. No output
  // check: the list gives the schemas and the tests hold the answers to them.
  return function createMcpServer(userId: string, scope: TokenScope, calledTool?: string): McpServer {
    const server = new McpServer({ name: "daywise", version: "1.0.0" }, { jsonSchemaValidator });
    const allowed = forScope(scope);
    const called = allowed.filter((definition) => definition.name === calledTool);
    for (const { name, inputSchema, run, title, description, annotations } of called.length > 0 ? called : allowed) {
      const handler = async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const started = performance.now();
        let outcome = "ok";
        try {
          const result = await run(userId, args as never);
          return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
        } catch (error) {
          outcome = error instanceof AppError ? error.code : "internal";
          if (!(error instanceof AppError)) deps.log.error({ err: error, tool: name }, "mcp tool failed");
          const message = error instanceof AppError && error.statusCode < 500 ? error.message : "Internal error";
          return { isError: true, content: [{ type: "text", text: `${outcome}: ${message}` }] };
        } finally {
          // Never the arguments or the answer: they carry the user's task text.
          deps.log.info({ tool: name, userId, outcome, ms: Math.round(performance.now() - started) }, "mcp tool call");
        }
      };
      server.registerTool(name, { title, description, annotations, inputSchema }, handler);
    }
    server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolLists[scope] }));
    return server;
  };
}
