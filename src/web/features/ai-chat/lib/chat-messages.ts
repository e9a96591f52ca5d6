import type { AiProviderName, ChatHistoryEntry, ToolRefusal } from "../../../../shared/api/ai.ts";
import type { ProposalStatus } from "../../../../shared/api/ai-proposals.ts";

/** What the history keeps of a proposal the reply carried: never its changes, which the server keeps. */
export interface ProposalRef {
  id: string;
  summary: string;
  status: ProposalStatus;
  expiresAt: string;
}

export interface ChatMessage {
  id: string;
  role: "user" | "assistant";
  content: string;
  timestamp: Date;
  proposals?: ProposalRef[];
  /** What the server refused of the reply's changes, with why: shown so that no claim of the reply stands alone. */
  refusals?: ToolRefusal[];
}

export const DEFAULT_AI_PROVIDER: AiProviderName = "openai";

export const WELCOME_MESSAGE_ID = "welcome";
export const CLEARED_MESSAGE_ID = "cleared";
export const WELCOME_TEXT =
  "Hi! I'm your AI planning assistant... I know your goals and today's tasks, so ask me to plan your day, break a goal into steps or find some focus.";
export const CLEARED_TEXT = "Chat cleared. How can I help you today?";
export const CHAT_ERROR_TEXT = "Sorry, I encountered an error. Please try again.";
export const SIGNED_OUT_TEXT = "Please log in to access the AI planning assistant.";
/** Not a spec text: the spec is silent. */
export const providerNotConfiguredText = (label: string) =>
  `${label} is not configured. Providers are set up on the server: contact your administrator to configure it.`;

export const NO_PROVIDER_TEXT =
  "No AI provider is set up on this server, so the assistant cannot answer. Ask the server's administrator to configure one.";
export const providerRefusedText = (label: string) =>
  `${label} refused this server's credentials, so the assistant cannot answer. Ask the server's administrator to check its key.`;

export const QUICK_PROMPTS = ["Help me plan my day", "Break down my goal", "I'm feeling overwhelmed", "Time management tips"] as const;
export const SUGGESTIONS = [
  "Help me plan my day",
  "Break down my goal into tasks",
  "I'm feeling overwhelmed, where do I start?",
  "Give me some time management tips",
  "How can I stay focused this afternoon?",
] as const;

export const PROVIDER_LABELS: Record<AiProviderName, string> = {
  openai: "OpenAI",
  gemini: "Google Gemini",
  claude: "Claude",
  openrouter: "OpenRouter",
};

export function introMessage(id: typeof WELCOME_MESSAGE_ID | typeof CLEARED_MESSAGE_ID): ChatMessage {
  return { id, role: "assistant", content: id === WELCOME_MESSAGE_ID ? WELCOME_TEXT : CLEARED_TEXT, timestamp: new Date() };
}

export function isIntroMessage(message: ChatMessage): boolean {
  return message.id === WELCOME_MESSAGE_ID || message.id === CLEARED_MESSAGE_ID;
}

export function toConversationHistory(messages: readonly ChatMessage[]): ChatHistoryEntry[] {
  return messages
    .filter((message) => !isIntroMessage(message) && message.content.trim() !== "" && message.content !== CHAT_ERROR_TEXT)
    .map(({ role, content }) => ({ role, content }));
}

let counter = 0;
export function newMessageId(): string {
  counter += 1;
  return `${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}
