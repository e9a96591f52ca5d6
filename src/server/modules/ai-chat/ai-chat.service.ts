import { randomUUID } from "node:crypto";
import type { LanguageModelUsage, ModelMessage, ToolSet } from "ai";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { AiProvider, AiProviderName, ChatBody, ChatResponse, ChatStreamEvent, ToolRefusal } from "../../../shared/api/ai.ts";
import type { Proposal } from "../../../shared/api/ai-proposals.ts";
import { todayInZone } from "../../../shared/rules/dates.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { GroupCommit } from "../../db/group-commit.ts";
import type { AiConversationRow, Database } from "../../db/schema.ts";
import type * as AssistantToolsModule from "../ai-proposals/assistant-tools.ts";
import { calendarEvents } from "../calendar/calendar.service.ts";
import { goalsService } from "../goals/goals.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";
import { modelCalls, tokenCounts } from "../ai-models/ai-model-calls.ts";
import { listProviders } from "../ai-models/ai-providers.ts";
import { loadAiSdk } from "../ai-models/ai-sdk.ts";
import { buildSystemPrompt, capHistory, describeUserData, type UserData, withClientPatterns } from "./ai-chat-prompt.ts";
import { aiChatRepository } from "./ai-chat.repository.ts";

export interface AiChatServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  config: AiConfig;
  log: FastifyBaseLogger;
  /** On SQLite the limit counters and the exchange's record then share a turn's commit. */
  groupCommit?: GroupCommit;
}

type AssistantTools = typeof AssistantToolsModule;

// Loaded with the first model call, as the SDK they bind to is (ai-models/ai-sdk.ts).
let assistantToolsModule: Promise<AssistantTools> | undefined;
const loadAssistantTools = () => (assistantToolsModule ??= import("../ai-proposals/assistant-tools.ts"));

/** A reply's length limit, in tokens: a chat answer, not an essay, and a bound on cost. */
const MAX_OUTPUT_TOKENS = 1024;
/** Bounds the memory of the kept prompts, in characters. */
const MAX_KEPT_PROMPT_CHARS = 16 * 1024 * 1024;

/** A user's data as the model sees it, kept while it cannot have changed. */
interface KeptPrompt {
  dataVersion: number;
  /** The user's today it was read for: the day turns, and it is read again. */
  today: string;
  /** A change of zone raises the data version, so it holds while the version does. */
  timeZone: string;
  data: UserData;
  /** The prompt when the app reported no patterns. */
  system: string;
}

/** A Daywise export's records of chat exchanges as they were, in the caller's transaction. Needs no AI, unlike aiChatService. */
export async function insertImportedConversations(
  kysely: Kysely<Database>,
  userId: string,
  records: readonly Omit<AiConversationRow, "userId">[],
): Promise<void> {
  const repository = aiChatRepository(kysely);
  for (const record of records) await repository.insertConversation(userId, record);
}

/** The user's exchange records as the export, an import's matching and the analytics read them; needs no AI either. */
export function aiConversationRecords(kysely: Kysely<Database>) {
  const repository = aiChatRepository(kysely);
  return { pageForExport: repository.pageForExport, listKeys: repository.listKeys, listSince: repository.listSince };
}

export function aiChatService({ kysely, dialect, now, config, log, groupCommit = (work) => work(kysely) }: AiChatServiceDeps) {
  const goals = goalsService({ kysely, dialect, now });
  const tasks = tasksService({ kysely, dialect, now });
  const users = usersService({ kysely, now });
  const calendars = calendarEvents({ kysely, now });
  const { modelOf, takeRequestAllowance, callSignal, mapError, emptyReply } = modelCalls({ kysely, now, config, groupCommit });
  // Goals, today's tasks and the zone change only by writes that raise the data version.
  const prompts = new LRUCache<string, KeptPrompt>({ maxSize: MAX_KEPT_PROMPT_CHARS, sizeCalculation: (kept) => kept.system.length + 1 });

  /** `dataVersion`: read with the session, null when unknown. */
  async function systemPrompt(userId: string, dataVersion: number | null, clientPatterns: unknown): Promise<string> {
    let kept = dataVersion === null ? undefined : prompts.get(userId);
    const timeZone = kept?.dataVersion === dataVersion ? kept.timeZone : await users.userTimeZone(userId);
    const today = todayInZone(now(), timeZone);
    if (!kept || kept.dataVersion !== dataVersion || kept.today !== today) {
      // Read after the version was: what is read is at least as new as the version says.
      const [userGoals, todaysTasks, meetingMinutes, workday] = await Promise.all([
        goals.listGoals(userId),
        tasks.listTasksOfDay(userId, today),
        calendars.meetingMinutes(userId, today),
        users.getUser(userId),
      ]);
      const data = describeUserData({ today, goals: userGoals, tasks: todaysTasks, capacity: { meetingMinutes, workday } });
      kept = { dataVersion: dataVersion ?? -1, today, timeZone, data, system: buildSystemPrompt(data) };
      if (dataVersion !== null) prompts.set(userId, kept);
    }
    return clientPatterns === undefined ? kept.system : buildSystemPrompt(withClientPatterns(kept.data, clientPatterns));
  }

  /** Read by the server: the client's context is a hint only. */
  async function prepareCall(userId: string, dataVersion: number | null, body: ChatBody) {
    // Before the limits: a refused provider costs no allowance.
    const [model, sdk, assistant] = await Promise.all([modelOf(body.provider), loadAiSdk(), loadAssistantTools()]);
    // The allowance waits for its commit (the end of this turn on SQLite): the prompt is read meanwhile.
    const [, system] = await Promise.all([takeRequestAllowance(userId), systemPrompt(userId, dataVersion, body.context?.patterns)]);
    const messages: ModelMessage[] = [
      ...capHistory(body.conversationHistory).map((entry): ModelMessage => ({ role: entry.role, content: entry.content })),
      { role: "user", content: body.message },
    ];
    return { model, system, messages, sdk, assistant };
  }

  /** A failure to keep the analytics' record does not take the user's answer away. */
  async function recordExchange(userId: string, provider: AiProviderName, usage: LanguageModelUsage | undefined) {
    try {
      const record = { id: randomUUID(), provider, ...tokenCounts(usage), createdAt: now().toISOString() };
      await groupCommit((db) => aiChatRepository(db).insertConversation(userId, record));
    } catch (error) {
      log.warn({ err: error }, "could not record an AI conversation");
    }
  }

  /**
   * The assistant's tools for one reply, bound to the user, and the bound on its steps (decision
   * 033); none when the provider's are off (`<P>_TOOLS=off`: a model without tool calling).
   */
  function toolsFor(
    assistant: AssistantTools,
    userId: string,
    provider: AiProviderName,
    onProposal: (proposal: Proposal) => void,
    onRefusal: (refusal: ToolRefusal) => void,
  ) {
    if (config.providers[provider].tools === false) return {};
    const tools: ToolSet = assistant.assistantTools({ kysely, dialect, now, ai: config, log, userId, onProposal, onRefusal, provider });
    return { tools, stopWhen: assistant.toolStepsWithinAllowance(() => takeRequestAllowance(userId)) };
  }

  function systemWithTools(assistant: AssistantTools, system: string, tools: { tools?: ToolSet }): string {
    return tools.tools ? `${assistant.TOOL_INSTRUCTIONS}\n\n${system}` : system;
  }

  return {
    listProviders(): AiProvider[] {
      return listProviders(config);
    },

    async chat(userId: string, dataVersion: number | null, body: ChatBody, clientSignal: AbortSignal): Promise<ChatResponse> {
      const { model, system, messages, sdk, assistant } = await prepareCall(userId, dataVersion, body);
      const { generateText } = sdk;
      const { refusedTools, toolsOnlyReply, refusalOfToolError } = assistant;
      const call = callSignal(clientSignal);
      const proposals: Proposal[] = [];
      const refusals: ToolRefusal[] = [];
      const tools = toolsFor(
        assistant,
        userId,
        body.provider,
        (proposal) => proposals.push(proposal),
        (refusal) => refusals.push(refusal),
      );
      // Never retried: the SDK's back-off (2 s, 4 s) would spend the user's wait and our timeout.
      const request = { model, system, messages, maxOutputTokens: MAX_OUTPUT_TOKENS, abortSignal: call.signal, maxRetries: 0 };
      let content: string;
      let usage: LanguageModelUsage;
      try {
        let result;
        try {
          result = await generateText({ ...request, system: systemWithTools(assistant, system, tools), ...tools });
        } catch (error) {
          if (!tools.tools || !refusedTools(error)) throw error;
          result = await generateText(request);
        }
        for (const part of result.steps.flatMap((step) => step.content)) {
          const refusal = part.type === "tool-error" ? refusalOfToolError(part) : null;
          if (refusal) refusals.push(refusal);
        }
        content = result.steps
          .map((step) => step.text)
          .filter((text) => text.trim() !== "")
          .join("\n\n");
        if (content.trim() === "" && result.steps.some((step) => step.toolCalls.length > 0)) content = toolsOnlyReply(proposals, refusals);
        usage = result.totalUsage;
      } catch (error) {
        throw mapError(error, body.provider, call.timeout, clientSignal);
      } finally {
        call.release();
      }
      if (content.trim() === "") throw emptyReply(body.provider);
      await recordExchange(userId, body.provider, usage);
      return { content, ...(proposals.length > 0 ? { proposals } : {}), ...(refusals.length > 0 ? { refusals } : {}) };
    },

    /** Waits for the first piece, so that every failure up to then is an ordinary error answer; later ones are `error` events. */
    async startChatStream(
      userId: string,
      dataVersion: number | null,
      body: ChatBody,
      clientSignal: AbortSignal,
    ): Promise<AsyncGenerator<ChatStreamEvent>> {
      const { model, system, messages, sdk, assistant } = await prepareCall(userId, dataVersion, body);
      const { refusedTools, toolsOnlyReply, refusalOfToolError } = assistant;
      const call = callSignal(clientSignal);
      const { timeout } = call;
      // Proposals stored and refusals made by the tools, sent as soon as the stream is read again.
      const pending: ChatStreamEvent[] = [];
      const refusals: ToolRefusal[] = [];
      const tools = toolsFor(
        assistant,
        userId,
        body.provider,
        (proposal) => pending.push({ event: "proposal", data: proposal }),
        (refusal) => pending.push({ event: "refusal", data: refusal }),
      );
      let mayRetryWithoutTools = tools.tools !== undefined;
      const start = (withTools: boolean) =>
        sdk.streamText({
          model,
          system: withTools ? systemWithTools(assistant, system, tools) : system,
          messages,
          maxRetries: 0,
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          abortSignal: call.signal,
          ...(withTools ? tools : {}),
          // Errors are read from the stream below; the default handler would print them to stderr.
          onError: () => {},
        });
      let result = start(mayRetryWithoutTools);
      let parts = result.fullStream[Symbol.asyncIterator]();
      let usage: LanguageModelUsage | undefined;
      let stepsWithText = 0;
      let inNewStep = false;
      let calledTools = false;
      const proposed: Proposal[] = [];
      const toolsRefused = new Error("tools refused");
      const failure = (error: unknown) =>
        mayRetryWithoutTools && refusedTools(error) ? toolsRefused : mapError(error, body.provider, timeout, clientSignal);

      async function nextEvent(): Promise<ChatStreamEvent | undefined> {
        for (;;) {
          const toolEvent = pending.shift();
          if (toolEvent) {
            if (toolEvent.event === "proposal") proposed.push(toolEvent.data);
            if (toolEvent.event === "refusal") refusals.push(toolEvent.data);
            return toolEvent;
          }
          let step: IteratorResult<typeof result.fullStream extends AsyncIterable<infer P> ? P : never>;
          try {
            step = await parts.next();
          } catch (error) {
            throw failure(error);
          }
          if (step.done) {
            if (pending.length > 0) continue;
            if (!calledTools || stepsWithText > 0) return undefined;
            // Tool calls and no text: the reply says what was proposed.
            stepsWithText++;
            return { event: "delta", data: { delta: toolsOnlyReply(proposed, refusals) } };
          }
          const part = step.value;
          if (part.type === "tool-call") calledTools = true;
          const refusal = part.type === "tool-error" ? refusalOfToolError(part) : null;
          if (refusal) {
            refusals.push(refusal);
            return { event: "refusal", data: refusal };
          }
          if (part.type === "start-step") inNewStep = true;
          if (part.type === "text-delta" && part.text !== "") {
            // Each step's text is a paragraph of its own.
            const delta = inNewStep && stepsWithText++ > 0 ? `\n\n${part.text}` : part.text;
            inNewStep = false;
            return { event: "delta", data: { delta } };
          }
          if (part.type === "finish") usage = part.totalUsage;
          if (part.type === "error") throw failure(part.error);
          if (part.type === "abort") throw mapError(new Error("aborted"), body.provider, timeout, clientSignal);
        }
      }

      let first: ChatStreamEvent | undefined;
      for (;;) {
        try {
          first = await nextEvent();
          break;
        } catch (error) {
          if (error !== toolsRefused) {
            call.release(true);
            throw error;
          }
          mayRetryWithoutTools = false;
          result = start(false);
          parts = result.fullStream[Symbol.asyncIterator]();
        }
      }
      mayRetryWithoutTools = false;
      if (first === undefined) {
        call.release(true);
        throw emptyReply(body.provider);
      }

      async function* events(): AsyncGenerator<ChatStreamEvent> {
        let content = "";
        try {
          for (let event: ChatStreamEvent | undefined = first; event !== undefined; event = await nextEvent()) {
            if (event.event === "delta") content += event.data.delta;
            yield event;
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
