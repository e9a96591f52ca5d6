// The AI assistant's API contract (spec sections 3 "AI provider", "AI chat request context" and 7
// `POST /api/ai/chat`, `GET /api/ai/providers`), plus the streamed form of the chat (issue 13).
import { z } from "zod";
import { aiProviderNames, CHAT_MESSAGE_MAX_LENGTH } from "./ai-chat.ts";
import { proposalSchema } from "./ai-proposals.ts";
import { hasNoNul, isSmallJson, NUL_MESSAGE } from "./text.ts";

export * from "./ai-chat.ts";

export const aiProviderNameSchema = z.enum(aiProviderNames, { error: "must be one of openai, gemini, claude, openrouter" });
export type AiProviderName = z.infer<typeof aiProviderNameSchema>;

/** GET /api/ai/providers: all four, available or not (an unavailable one is shown disabled). */
export const aiProviderSchema = z.object({
  name: aiProviderNameSchema,
  displayName: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  /** True when the server has the provider's API key. */
  available: z.boolean(),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;
export const aiProvidersResponseSchema = z.object({ providers: z.array(aiProviderSchema) });
export type AiProvidersResponse = z.infer<typeof aiProvidersResponseSchema>;

/** Entries accepted in conversationHistory; the server keeps only the newest that fit its token budget. */
export const CHAT_HISTORY_MAX_ENTRIES = 100;
export const CHAT_HISTORY_ENTRY_MAX_LENGTH = 8000;

const chatText = (max: number, required: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : "must be text") })
    .trim()
    .min(1, required)
    .max(max, `must be at most ${max} characters`)
    .refine(hasNoNul, NUL_MESSAGE);

export const chatHistoryEntrySchema = z.object({
  role: z.enum(["user", "assistant"], { error: "must be user or assistant" }),
  content: chatText(CHAT_HISTORY_ENTRY_MAX_LENGTH, "must not be empty"),
});
export type ChatHistoryEntry = z.infer<typeof chatHistoryEntrySchema>;

const CHAT_CONTEXT_LIMITS = { maxDepth: 8, maxNodes: 20_000 };

/**
 * The context the web app sends (spec section 3). The server does not trust it: it reads the
 * user's goals and today's tasks itself, so this is loose and optional, kept for compatibility.
 */
export const chatContextSchema = z
  .object({
    goals: z.array(z.unknown()).max(500).optional(),
    tasks: z.array(z.unknown()).max(500).optional(),
    completionRate: z.number().optional(),
    averageCapacity: z.number().optional(),
    patterns: z.unknown().optional(),
  })
  .loose()
  .refine((context) => isSmallJson(context, CHAT_CONTEXT_LIMITS), {
    error: `must be JSON at most ${CHAT_CONTEXT_LIMITS.maxDepth} levels deep and ${CHAT_CONTEXT_LIMITS.maxNodes} values`,
  });

/** POST /api/ai/chat. */
export const chatBodySchema = z.object({
  message: chatText(CHAT_MESSAGE_MAX_LENGTH, "Message is required"),
  provider: aiProviderNameSchema.default("openai"),
  conversationHistory: z
    .array(chatHistoryEntrySchema)
    .max(CHAT_HISTORY_MAX_ENTRIES, `must have at most ${CHAT_HISTORY_MAX_ENTRIES} entries`)
    .default([]),
  context: chatContextSchema.optional(),
});
export type ChatBody = z.infer<typeof chatBodySchema>;

/** The JSON answer (the request's Accept is not text/event-stream); `proposals`: those the reply made (decision 033). */
export const chatResponseSchema = z.object({ content: z.string(), proposals: z.array(proposalSchema).optional() });
export type ChatResponse = z.infer<typeof chatResponseSchema>;

/** Error codes the chat may answer with, besides validation and sign-in. */
export const aiErrorCodes = [
  "ai_provider_not_configured",
  "ai_provider_auth",
  "ai_provider_rate_limited",
  "ai_provider_error",
  "ai_provider_timeout",
  "ai_provider_unreachable",
  "too_many_requests",
] as const;
