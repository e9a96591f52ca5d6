import { z } from "zod";
import { aiProviderNames, CHAT_MESSAGE_MAX_LENGTH } from "./ai-chat.ts";
import { proposalSchema } from "./ai-proposals.ts";
import { hasNoNul, isSmallJson, NUL_MESSAGE } from "./text.ts";

export * from "./ai-chat.ts";

export const aiProviderNameSchema = z.enum(aiProviderNames, { error: "must be one of openai, gemini, claude, openrouter" });
export type AiProviderName = z.infer<typeof aiProviderNameSchema>;

export const aiProviderSchema = z.object({
  name: aiProviderNameSchema,
  displayName: z.string(),
  description: z.string(),
  features: z.array(z.string()),
  available: z.boolean(),
});
export type AiProvider = z.infer<typeof aiProviderSchema>;
export const aiProvidersResponseSchema = z.object({ providers: z.array(aiProviderSchema) });
export type AiProvidersResponse = z.infer<typeof aiProvidersResponseSchema>;

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

/** The server does not trust this (it reads goals and tasks itself), so it stays loose and optional. */
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

export const toolRefusalSchema = z.object({ tool: z.string(), title: z.string(), reason: z.string() });
export const chatResponseSchema = z.object({
  content: z.string(),
  proposals: z.array(proposalSchema).optional(),
  /** The changes the assistant tried that were refused, each shown to the user with its reason. */
  refusals: z.array(toolRefusalSchema).optional(),
});
export type ChatResponse = z.infer<typeof chatResponseSchema>;
