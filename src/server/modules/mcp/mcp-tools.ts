// The MCP binding of the tool catalog (decisions 036, 044): a write's changes are applied at once through the
// services the REST routes use, so validation, the data version and the goals' counts apply alike.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { toJsonSchemaCompat } from "@modelcontextprotocol/sdk/server/zod-json-schema-compat.js";
import { type CallToolResult, ListToolsRequestSchema, type Tool, type ToolAnnotations } from "@modelcontextprotocol/sdk/types.js";
import { AjvJsonSchemaValidator } from "@modelcontextprotocol/sdk/validation/ajv";
import { z } from "zod";
import type { TokenScope } from "../../../shared/api/tokens.ts";
import { AppError } from "../../app-error.ts";
import { registerResourcesAndPrompts } from "./mcp-resources.ts";
import {
  type AppliedChanges,
  type CatalogTool,
  type ToolChange,
  type ToolContext,
  toolContext,
  type ToolDeps,
  toolServices,
  toolsOfferedTo,
} from "../model-tools/tool-catalog.ts";

export type McpDeps = ToolDeps;

function annotationsOf(tool: CatalogTool): ToolAnnotations {
  // A plan stores a proposal the user may apply in the app; the user's data is not written.
  return tool.kind !== "write"
    ? { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false }
    : { readOnlyHint: false, destructiveHint: tool.destructive, idempotentHint: tool.idempotent, openWorldHint: false };
}

/** Each change as the REST routes would make it; the tasks of one step are created all or none. */
async function applyAtOnce({ tasks, goals, userId }: ToolContext, changes: readonly ToolChange[]): Promise<AppliedChanges> {
  const applied: AppliedChanges = { tasks: [], deletedIds: [], goals: [] };
  let creating: Extract<ToolChange, { kind: "createTask" }>["body"][] = [];
  const createPending = async () => {
    if (creating.length > 0) applied.tasks.push(...(await tasks.createTasks(userId, creating)));
    creating = [];
  };
  for (const change of changes) {
    if (change.kind === "createTask") {
      creating.push(change.body);
      continue;
    }
    await createPending();
    if (change.kind === "updateTask") applied.tasks.push(await tasks.updateTask(userId, change.taskId, change.body));
    else if (change.kind === "createGoal") applied.goals.push(await goals.createGoal(userId, change.body));
    else {
      await tasks.deleteTask(userId, change.taskId, "scope" in change ? change.scope : undefined);
      applied.deletedIds.push(change.taskId);
    }
  }
  await createPending();
  return applied;
}

export async function runAtOnce(tool: CatalogTool, context: ToolContext, input: never): Promise<Record<string, unknown>> {
  if (tool.kind === "read") return tool.read(context, input);
  if (tool.kind === "plan") return tool.plan(context, input);
  return tool.answer(await applyAtOnce(context, await tool.changes(context, input)), input);
}

// Shared by every request's server: each would otherwise compile its own Ajv (used for elicitation only).
const jsonSchemaValidator = new AjvJsonSchemaValidator();

/** Services and tool definitions built once per app; a server per request only binds them to the token's user. */
export function mcpToolkit(deps: McpDeps) {
  const services = toolServices(deps);
  const definitions = toolsOfferedTo("mcp").map((tool) => ({ tool, inputSchema: z.object(tool.input), annotations: annotationsOf(tool) }));

  const forScope = (scope: TokenScope) => definitions.filter(({ tool }) => scope === "write" || tool.kind !== "write");
  // tools/list as the SDK writes it, converted to JSON Schema once rather than on every list.
  const listed = (scope: TokenScope): Tool[] =>
    forScope(scope).map(({ tool: { name, title, description, input, output }, annotations }) => ({
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
    const server = new McpServer({ name: "daywise", version: "1.0.0" }, { jsonSchemaValidator, capabilities: { logging: {} } });
    const context = toolContext(services, userId);
    const allowed = forScope(scope);
    const called = allowed.filter(({ tool }) => tool.name === calledTool);
    for (const { tool, inputSchema, annotations } of called.length > 0 ? called : allowed) {
      const handler = async (args: Record<string, unknown>): Promise<CallToolResult> => {
        const started = performance.now();
        let outcome = "ok";
        try {
          const result = await runAtOnce(tool, context, args as never);
          return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
        } catch (error) {
          outcome = error instanceof AppError ? error.code : "internal";
          if (!(error instanceof AppError)) deps.log.error({ err: error, tool: tool.name }, "mcp tool failed");
          const message = error instanceof AppError && error.statusCode < 500 ? error.message : "Internal error";
          return { isError: true, content: [{ type: "text", text: `${outcome}: ${message}` }] };
        } finally {
          // Never the arguments or the answer: they carry the user's task text.
          deps.log.info({ tool: tool.name, userId, outcome, ms: Math.round(performance.now() - started) }, "mcp tool call");
        }
      };
      server.registerTool(tool.name, { title: tool.title, description: tool.description, annotations, inputSchema }, handler);
    }
    server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolLists[scope] }));
    if (calledTool === undefined) registerResourcesAndPrompts(server, context, deps.log);
    return server;
  };
}
