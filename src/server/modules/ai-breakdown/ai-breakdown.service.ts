import { randomUUID } from "node:crypto";
import type { LanguageModel, LanguageModelUsage } from "ai";
import type { Kysely } from "kysely";
import {
  type BreakdownGoalBody,
  type BreakdownGoalResponse,
  breakdownOutputSchema,
  type CreateBreakdownTasksBody,
  type CreateBreakdownTasksResponse,
} from "../../../shared/api/ai-breakdown.ts";
import { parseSuggestions, readSuggestions, type Suggestion } from "../../../shared/rules/breakdown.ts";
import { notFound } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { AiBreakdownRow, Database } from "../../db/schema.ts";
import { goalsService } from "../goals/goals.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";
import { modelCalls, tokenCounts } from "../ai-models/ai-model-calls.ts";
import { loadAiSdk } from "../ai-models/ai-sdk.ts";
import { PROMPT_MAX_TASKS } from "../ai-models/user-data-block.ts";
import { BREAKDOWN_REQUEST, type BreakdownInput, buildBreakdownSystemPrompt } from "./ai-breakdown-prompt.ts";
import { aiBreakdownRepository } from "./ai-breakdown.repository.ts";

export interface AiBreakdownServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  config: AiConfig;
}

/** Bounds the cost of a runaway reply; ten suggestions with a few steps each fit well within it. */
const MAX_OUTPUT_TOKENS = 4096;
type AiSdk = Awaited<ReturnType<typeof loadAiSdk>>;

/** Built once, on the first breakdown: the schema's JSON form is derived on first use and kept. */
let breakdownOutput: ReturnType<typeof outputOf> | undefined;
const outputOf = (sdk: AiSdk) =>
  sdk.Output.object({ schema: breakdownOutputSchema, name: "goal_breakdown", description: "The goal's suggested tasks" });

interface ModelAnswer {
  /** Null when the answer held none: the reply is then answered as it is. */
  suggestions: Suggestion[] | null;
  text: string;
  usage: LanguageModelUsage | undefined;
}

/** A provider that refused the JSON schema itself (a local server, an older model) is worth asking again for text. */
function refusesStructuredOutput({ RetryError, APICallError }: AiSdk, error: unknown): boolean {
  if (error instanceof Error && error.name === "AI_UnsupportedFunctionalityError") return true;
  const cause = RetryError.isInstance(error) ? error.lastError : error;
  return APICallError.isInstance(cause) && [400, 422, 501].includes(cause.statusCode ?? 0);
}

/** Structured output first; a reply that is not the object is read as text, a refusal of the schema asks again for text. */
async function askForSuggestions(model: LanguageModel, input: BreakdownInput, abortSignal: AbortSignal): Promise<ModelAnswer> {
  const sdk = await loadAiSdk();
  const { generateText, NoObjectGeneratedError } = sdk;
  breakdownOutput ??= outputOf(sdk);
  // No retries: the SDK's back-off would spend the user's wait and our timeout.
  const common = { model, prompt: BREAKDOWN_REQUEST, maxRetries: 0, maxOutputTokens: MAX_OUTPUT_TOKENS, abortSignal };
  try {
    const result = await generateText({
      ...common,
      system: buildBreakdownSystemPrompt(input, "structured"),
      output: breakdownOutput,
    });
    return { suggestions: readSuggestions(result.output.tasks), text: result.text, usage: result.totalUsage };
  } catch (error) {
    if (NoObjectGeneratedError.isInstance(error)) {
      const text = error.text ?? "";
      return { suggestions: parseSuggestions(text), text, usage: error.usage };
    }
    if (!refusesStructuredOutput(sdk, error)) throw error;
  }
  const result = await generateText({ ...common, system: buildBreakdownSystemPrompt(input, "text") });
  return { suggestions: parseSuggestions(result.text), text: result.text, usage: result.totalUsage };
}

/** A Daywise export's breakdown records as they were, in the caller's transaction. Needs no AI, unlike aiBreakdownService. */
export async function insertImportedBreakdowns(
  kysely: Kysely<Database>,
  userId: string,
  records: readonly Omit<AiBreakdownRow, "userId">[],
): Promise<void> {
  const repository = aiBreakdownRepository(kysely);
  for (const record of records) await repository.insertBreakdown(userId, record);
}

/** The user's breakdown records as the export, an import's matching and the analytics read them; needs no AI either. */
export function aiBreakdownRecords(kysely: Kysely<Database>) {
  const repository = aiBreakdownRepository(kysely);
  return { pageForExport: repository.pageForExport, listKeys: repository.listKeys, sumSince: repository.sumSince };
}

export function aiBreakdownService({ kysely, dialect, now, config }: AiBreakdownServiceDeps) {
  const goals = goalsService({ kysely, dialect, now });
  const tasks = tasksService({ kysely, dialect, now });
  const users = usersService({ kysely, now });
  const repository = aiBreakdownRepository(kysely);
  const calls = modelCalls({ kysely, now, config });

  return {
    /** The breakdown is recorded with the number of suggestions the dialog will show (its placeholder counts as one). */
    async breakdownGoal(userId: string, body: BreakdownGoalBody, clientSignal: AbortSignal): Promise<BreakdownGoalResponse> {
      // Before the limits: a refused provider or another user's goal (404) costs no allowance.
      const model = await calls.modelOf(body.provider);
      const [goal, today, existingTasks] = await Promise.all([
        goals.getGoal(userId, body.goalId),
        users.userToday(userId),
        tasks.listGoalTaskOutlines(userId, body.goalId, PROMPT_MAX_TASKS + 1),
      ]);
      await calls.takeRequestAllowance(userId);

      const { signal, timeout, release } = calls.callSignal(clientSignal);
      let answer: ModelAnswer;
      try {
        answer = await askForSuggestions(model, { today, goal, existingTasks, additionalContext: body.additionalContext }, signal);
      } catch (error) {
        throw calls.mapError(error, body.provider, timeout, clientSignal);
      } finally {
        release();
      }
      const content = answer.suggestions ? JSON.stringify(answer.suggestions) : answer.text;
      if (content.trim() === "") throw calls.emptyReply(body.provider);

      const breakdownId = randomUUID();
      await repository.insertBreakdown(userId, {
        id: breakdownId,
        goalId: goal.id,
        provider: body.provider,
        suggestionsShown: answer.suggestions?.length ?? 1,
        ...tokenCounts(answer.usage),
        createdAt: now().toISOString(),
      });
      return { content, breakdownId };
    },

    /** The tasks and the count of accepted suggestions in one transaction. */
    async createBreakdownTasks(userId: string, breakdownId: string, body: CreateBreakdownTasksBody): Promise<CreateBreakdownTasksResponse> {
      const breakdown = await repository.findBreakdownGoal(userId, breakdownId);
      if (!breakdown) throw notFound("Breakdown");
      const { goalId } = breakdown;
      if (goalId === null) throw notFound("Goal");
      const created = await tasks.createTasks(
        userId,
        body.tasks.map((task) => ({ ...task, goalId })),
        { inTransaction: (trx) => aiBreakdownRepository(trx).addSuggestionsCreated(userId, breakdownId, body.tasks.length) },
      );
      return { tasks: created, goal: await goals.getGoal(userId, goalId) };
    },
  };
}
