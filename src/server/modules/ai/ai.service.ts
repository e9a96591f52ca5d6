import { randomUUID } from "node:crypto";
import { generateText, type LanguageModelUsage, type ModelMessage, streamText } from "ai";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { AiProvider, AiProviderName, ChatBody, ChatResponse, ChatStreamEvent } from "../../../shared/api/ai.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { goalsService } from "../goals/goals.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { modelCalls, tokenCounts } from "./ai-model-calls.ts";
import { buildSystemPrompt, capHistory, describeUserData } from "./ai-prompt.ts";
import { listProviders } from "./ai-providers.ts";
import { aiRepository } from "./ai.repository.ts";

export interface AiServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  config: AiConfig;
  log: FastifyBaseLogger;
}

/** A reply's length limit, in tokens: a chat answer, not an essay, and a bound on cost. */
const MAX_OUTPUT_TOKENS = 1024;

export type AiService = ReturnType<typeof aiService>;

export function aiService({ kysely, dialect, now, config, log }: AiServiceDeps) {
  const goals = goalsService({ kysely, now });
  const tasks = tasksService({ kysely, dialect, now });
  const repository = aiRepository(kysely);
  const { modelOf, takeRequestAllowance, callSignal, mapError, emptyReply } = modelCalls({ kysely, now, config });

  /** Everything a model call needs, read by the server: the client's context is a hint only. */
  async function prepareCall(userId: string, body: ChatBody) {
    const model = modelOf(body.provider); // before the limits: a refused provider costs no allowance
    await takeRequestAllowance(userId);
    const today = await tasks.userToday(userId);
    const [userGoals, todaysTasks] = await Promise.all([goals.listGoals(userId), tasks.listTasksOfDay(userId, today)]);
    const system = buildSystemPrompt(
      describeUserData({ today, goals: userGoals, tasks: todaysTasks, clientPatterns: body.context?.patterns }),
    );
    const messages: ModelMessage[] = [
      ...capHistory(body.conversationHistory).map((entry): ModelMessage => ({ role: entry.role, content: entry.content })),
      { role: "user", content: body.message },
    ];
    return { model, system, messages };
  }

  /**
   * Kept for the analytics: the time, provider and token counts, never the text (docs/decisions/009).
   * A failure to keep it does not take the user's answer away.
   */
  async function recordExchange(userId: string, provider: AiProviderName, usage: LanguageModelUsage | undefined) {
    try {
      await repository.insertConversation(userId, { id: randomUUID(), provider, ...tokenCounts(usage), createdAt: now().toISOString() });
    } catch (error) {
      log.warn({ err: error }, "could not record an AI conversation");
    }
  }

  return {
    listProviders(): AiProvider[] {
      return listProviders(config);
    },

    async chat(userId: string, body: ChatBody, clientSignal: AbortSignal): Promise<ChatResponse> {
      const { model, system, messages } = await prepareCall(userId, body);
      const { signal, timeout } = callSignal(clientSignal);
      let content: string;
      let usage: LanguageModelUsage;
      try {
        // No retries: the SDK's back-off (2 s, 4 s) would spend the user's wait and our timeout.
        const result = await generateText({ model, system, messages, maxRetries: 0, maxOutputTokens: MAX_OUTPUT_TOKENS, abortSignal: signal });
        content = result.text;
        usage = result.totalUsage;
      } catch (error) {
        throw mapError(error, body.provider, timeout, clientSignal);
      }
      if (content.trim() === "") throw emptyReply(body.provider);
      await recordExchange(userId, body.provider, usage);
      return { content };
    },

    /**
     * Starts a streamed reply and waits for its first piece, so that every failure up to then is an
     * ordinary error answer (thrown); afterwards failures are `error` events. The events end with
     * exactly one `done` or `error`. Stopping the iteration (the client left) aborts the call.
     */
    async startChatStream(userId: string, body: ChatBody, clientSignal: AbortSignal): Promise<AsyncGenerator<ChatStreamEvent>> {
      const { model, system, messages } = await prepareCall(userId, body);
      const stopped = new AbortController();
      const { signal, timeout } = callSignal(AbortSignal.any([clientSignal, stopped.signal]));
      const result = streamText({
        model,
        system,
        messages,
        maxRetries: 0,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        abortSignal: signal,
        // Errors are read from the stream below; the default handler would print them to stderr.
        onError: () => {},
      });
      const parts = result.fullStream[Symbol.asyncIterator]();
      let usage: LanguageModelUsage | undefined;

      /** The next piece of text; undefined at the end. Throws the mapped error. */
      async function nextDelta(): Promise<string | undefined> {
        for (;;) {
          let step: IteratorResult<(typeof result.fullStream extends AsyncIterable<infer P> ? P : never)>;
          try {
            step = await parts.next();
          } catch (error) {
            throw mapError(error, body.provider, timeout, clientSignal);
          }
          if (step.done) return undefined;
          const part = step.value;
          if (part.type === "text-delta" && part.text !== "") return part.text;
          if (part.type === "finish") usage = part.totalUsage;
          if (part.type === "error") throw mapError(part.error, body.provider, timeout, clientSignal);
          if (part.type === "abort") throw mapError(new Error("aborted"), body.provider, timeout, clientSignal);
        }
      }

      let first: string | undefined;
      try {
        first = await nextDelta();
      } catch (error) {
        stopped.abort();
        throw error;
      }
      if (first === undefined) throw emptyReply(body.provider);

      async function* events(): AsyncGenerator<ChatStreamEvent> {
        let content = "";
        try {
          for (let delta: string | undefined = first; delta !== undefined; delta = await nextDelta()) {
            content += delta;
            yield { event: "delta", data: { delta } };
          }
        } catch (error) {
          const mapped = error instanceof AppError ? error : mapError(error, body.provider, timeout, clientSignal);
          if (!clientSignal.aborted) log.warn({ code: mapped.code }, `streamed AI reply failed: ${mapped.message}`);
          yield { event: "error", data: { message: mapped.message, code: mapped.code } };
          return;
        } finally {
          // Reached on every exit, including the consumer stopping early (the client went away).
          stopped.abort();
        }
        await recordExchange(userId, body.provider, usage);
        yield { event: "done", data: { content } };
      }
      return events();
    },
  };
}
