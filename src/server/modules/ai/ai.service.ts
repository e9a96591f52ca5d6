import { randomUUID } from "node:crypto";
import { generateText, type LanguageModelUsage, type ModelMessage, streamText } from "ai";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { AiProvider, AiProviderName, ChatBody, ChatResponse, ChatStreamEvent } from "../../../shared/api/ai.ts";
import { todayInZone } from "../../../shared/rules/dates.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import type { Database } from "../../db/schema.ts";
import { goalsService } from "../goals/goals.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { modelCalls, tokenCounts } from "./ai-model-calls.ts";
import { buildSystemPrompt, capHistory, describeUserData, type UserData, withClientPatterns } from "./ai-prompt.ts";
import { listProviders } from "./ai-providers.ts";
import { aiRepository } from "./ai.repository.ts";

export interface AiServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  config: AiConfig;
  log: FastifyBaseLogger;
  /** db.groupCommit: the limit counters and the exchange's record share a turn's commit on SQLite. */
  groupCommit?: GroupCommit;
}

/** A reply's length limit, in tokens: a chat answer, not an essay, and a bound on cost. */
const MAX_OUTPUT_TOKENS = 1024;
/** Characters of system prompts kept in all (about a few thousand users' days). */
const MAX_KEPT_PROMPT_CHARS = 16 * 1024 * 1024;

/** A user's data as the model sees it, kept while it cannot have changed. */
interface KeptPrompt {
  /** The user's data version it was read at (db/user-data.ts). */
  dataVersion: number;
  /** The user's today it was read for: the day turns, and it is read again. */
  today: string;
  /** A change of zone raises the data version, so it holds while the version does. */
  timeZone: string;
  data: UserData;
  /** buildSystemPrompt(data): the prompt when the app reported no patterns. */
  system: string;
}

export type AiService = ReturnType<typeof aiService>;

export function aiService({ kysely, dialect, now, config, log, groupCommit = (work) => work(kysely) }: AiServiceDeps) {
  const goals = goalsService({ kysely, now });
  const tasks = tasksService({ kysely, dialect, now });
  const { modelOf, takeRequestAllowance, callSignal, mapError, emptyReply } = modelCalls({ kysely, now, config, groupCommit });
  // Per user: their goals, today's tasks and zone change only by writes that raise their data
  // version, so an unchanged version and day cost no read instead of reading and shaping 200 goals.
  const prompts = new LRUCache<string, KeptPrompt>({ maxSize: MAX_KEPT_PROMPT_CHARS, sizeCalculation: (kept) => kept.system.length + 1 });

  /** The system prompt from the user's data as it is now (`dataVersion`: read with the session, null when unknown). */
  async function systemPrompt(userId: string, dataVersion: number | null, clientPatterns: unknown): Promise<string> {
    let kept = dataVersion === null ? undefined : prompts.get(userId);
    const timeZone = kept?.dataVersion === dataVersion ? kept.timeZone : await tasks.userTimeZone(userId);
    const today = todayInZone(now(), timeZone);
    if (!kept || kept.dataVersion !== dataVersion || kept.today !== today) {
      // Read after the version was: what is read is at least as new as the version says.
      const [userGoals, todaysTasks] = await Promise.all([goals.listGoals(userId), tasks.listTasksOfDay(userId, today)]);
      const data = describeUserData({ today, goals: userGoals, tasks: todaysTasks });
      kept = { dataVersion: dataVersion ?? -1, today, timeZone, data, system: buildSystemPrompt(data) };
      if (dataVersion !== null) prompts.set(userId, kept);
    }
    return clientPatterns === undefined ? kept.system : buildSystemPrompt(withClientPatterns(kept.data, clientPatterns));
  }

  /** Everything a model call needs, read by the server: the client's context is a hint only. */
  async function prepareCall(userId: string, dataVersion: number | null, body: ChatBody) {
    const model = modelOf(body.provider); // before the limits: a refused provider costs no allowance
    // The allowance waits for its commit (the end of this turn on SQLite): the prompt is read meanwhile.
    const [, system] = await Promise.all([takeRequestAllowance(userId), systemPrompt(userId, dataVersion, body.context?.patterns)]);
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
      const record = { id: randomUUID(), provider, ...tokenCounts(usage), createdAt: now().toISOString() };
      await groupCommit((db) => aiRepository(db).insertConversation(userId, record));
    } catch (error) {
      log.warn({ err: error }, "could not record an AI conversation");
    }
  }

  return {
    listProviders(): AiProvider[] {
      return listProviders(config);
    },

    async chat(userId: string, dataVersion: number | null, body: ChatBody, clientSignal: AbortSignal): Promise<ChatResponse> {
      const { model, system, messages } = await prepareCall(userId, dataVersion, body);
      const call = callSignal(clientSignal);
      let content: string;
      let usage: LanguageModelUsage;
      try {
        // Never retried: the SDK's back-off (2 s, 4 s) would spend the user's wait and our timeout.
        ({ text: content, usage } = await generateText({
          model,
          system,
          messages,
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          abortSignal: call.signal,
          maxRetries: 0,
        }));
      } catch (error) {
        throw mapError(error, body.provider, call.timeout, clientSignal);
      } finally {
        call.release();
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
    async startChatStream(
      userId: string,
      dataVersion: number | null,
      body: ChatBody,
      clientSignal: AbortSignal,
    ): Promise<AsyncGenerator<ChatStreamEvent>> {
      const { model, system, messages } = await prepareCall(userId, dataVersion, body);
      const call = callSignal(clientSignal);
      const { timeout } = call;
      const result = streamText({
        model,
        system,
        messages,
        maxRetries: 0,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        abortSignal: call.signal,
        // Errors are read from the stream below; the default handler would print them to stderr.
        onError: () => {},
      });
      const parts = result.fullStream[Symbol.asyncIterator]();
      let usage: LanguageModelUsage | undefined;

      /** The next piece of text; undefined at the end. Throws the mapped error. */
      async function nextDelta(): Promise<string | undefined> {
        for (;;) {
          let step: IteratorResult<typeof result.fullStream extends AsyncIterable<infer P> ? P : never>;
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
        call.release(true);
        throw error;
      }
      if (first === undefined) {
        call.release(true);
        throw emptyReply(body.provider);
      }

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
          call.release(true);
        }
        await recordExchange(userId, body.provider, usage);
        yield { event: "done", data: { content } };
      }
      return events();
    },
  };
}
