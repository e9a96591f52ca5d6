import { type McpServer, ResourceTemplate } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ErrorCode, McpError, type ReadResourceResult, type TextResourceContents } from "@modelcontextprotocol/sdk/types.js";
import type { FastifyBaseLogger } from "fastify";
import { z } from "zod";
import { addDays } from "../../../shared/rules/dates.ts";
import { AppError } from "../../app-error.ts";
import { calendarDay, type ReadTool, type ToolContext, toolCatalog } from "../model-tools/tool-catalog.ts";

export const DAY_TEMPLATE = "daywise://day/{date}";
export const GOALS_URI = "daywise://goals";
const dayUri = (date: string) => `daywise://day/${date}`;
const dayWord = (what: string) => z.string().optional().describe(`${what}: "today", "tomorrow" or yyyy-MM-dd; today when left out`);

function catalogRead(name: string): ReadTool {
  const tool = toolCatalog.find((candidate) => candidate.name === name);
  if (tool?.kind !== "read") throw new Error(`The tool catalog has no read tool ${name}`);
  return tool;
}
const getDay = catalogRead("get_day");
const listGoals = catalogRead("list_goals");

export function registerResourcesAndPrompts(server: McpServer, context: ToolContext, log: FastifyBaseLogger): void {
  const guarded = async <T>(what: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      if (error instanceof AppError && error.statusCode < 500) throw new McpError(ErrorCode.InvalidParams, error.message);
      log.error({ err: error, what, userId: context.userId }, "mcp read failed");
      throw new McpError(ErrorCode.InternalError, "Internal error");
    }
  };
  const json = (uri: string, value: unknown): TextResourceContents => ({ uri, mimeType: "application/json", text: JSON.stringify(value) });
  const readDay = async (word: string | undefined) => {
    const date = calendarDay(word, await context.today());
    return json(dayUri(date), await getDay.read(context, { date } as never));
  };
  const readGoals = async () => json(GOALS_URI, await listGoals.read(context, {} as never));

  const dayMetadata = {
    title: "A day's plan",
    description: "One day's tasks by status, its meetings and busy minutes, and the Capacity card's figures (what get_day answers).",
    mimeType: "application/json",
  };
  const days = new ResourceTemplate(DAY_TEMPLATE, {
    list: async () => {
      const today = await context.today();
      return {
        resources: [
          { uri: dayUri(today), name: `day-${today}`, title: `Today (${today})` },
          { uri: dayUri(addDays(today, 1)), name: `day-${addDays(today, 1)}`, title: `Tomorrow (${addDays(today, 1)})` },
        ],
      };
    },
  });
  server.registerResource("day", days, dayMetadata, async (_uri, { date }): Promise<ReadResourceResult> => {
    return guarded("day", async () => ({ contents: [await readDay(Array.isArray(date) ? date[0] : date)] }));
  });
  const goalsMetadata = {
    title: "Goals",
    description: "The user's goals with their progress (tasks done of tasks linked), newest first.",
    mimeType: "application/json",
  };
  server.registerResource("goals", GOALS_URI, goalsMetadata, async () => guarded("goals", async () => ({ contents: [await readGoals()] })));

  server.registerPrompt(
    "plan-my-day",
    {
      title: "Plan my day",
      description: "Plans a day with the user: the day's tasks and meetings attached, then plan_day's proposal within their working hours.",
      argsSchema: { date: dayWord("The day to plan"), focus: z.string().max(500).optional().describe("What matters most that day") },
    },
    async ({ date, focus }) =>
      guarded("plan-my-day", async () => {
        const day = await readDay(date);
        const when = day.uri.slice(dayUri("").length);
        const text =
          `Help me plan ${when}. My tasks and meetings of that day are attached. Call plan_day with date ${when} for ` +
          "start times around my meetings, say which tasks do not fit and what to move or drop if the day is over capacity, " +
          "and change nothing (update_task, create_tasks) before I agree." +
          (focus ? `\nWhat matters most to me that day: ${focus}` : "");
        return {
          description: `Plan ${when}`,
          messages: [
            { role: "user", content: { type: "resource", resource: day } },
            { role: "user", content: { type: "text", text } },
          ],
        };
      }),
  );

  server.registerPrompt(
    "weekly-review",
    {
      title: "Weekly review",
      description:
        "Reviews the 7 days up to a day with the user: what got done, what stalled, how the goals moved, and next week's priorities.",
      argsSchema: { weekEnding: dayWord("The last day of the week to review") },
    },
    async ({ weekEnding }) =>
      guarded("weekly-review", async () => {
        const last = calendarDay(weekEnding, await context.today(), "weekEnding");
        const week = Array.from({ length: 7 }, (_, index) => addDays(last, index - 6));
        const text =
          `Review my week, ${week[0]} to ${last}. Call get_day for each of ${week.join(", ")} and get_insights with date ` +
          `${last} for the weekly summary. Tell me what I finished, what stalled or kept rolling over and why it might have, ` +
          "how my goals (attached) moved, and suggest three priorities for next week. Change nothing before I agree.";
        return {
          description: `Review ${week[0]} to ${last}`,
          messages: [
            { role: "user", content: { type: "resource", resource: await readGoals() } },
            { role: "user", content: { type: "text", text } },
          ],
        };
      }),
  );
}
