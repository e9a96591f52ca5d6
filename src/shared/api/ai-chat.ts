// Apart from ai.ts's zod schemas so that the assistant does not bring the schema library along (decision 013).
import type { Proposal } from "./ai-proposals.ts";

export const aiProviderNames = ["openai", "gemini", "claude", "openrouter"] as const;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;
/** How long an applied proposal may be undone (ai-proposals.ts re-exports it). */
export const UNDO_WINDOW_MINUTES = 10;

export function isAiProviderName(value: string): value is (typeof aiProviderNames)[number] {
  return (aiProviderNames as readonly string[]).includes(value);
}

/** A change the assistant tried that the server refused: `tool` is the catalog's name, `title` its words. */
export interface ToolRefusal {
  tool: string;
  title: string;
  reason: string;
}

// Deltas, proposals and refusals, then exactly one `done` or `error`; a failure before the first event is a JSON error answer.
export const CHAT_STREAM_CONTENT_TYPE = "text/event-stream";
export type ChatStreamEvent =
  | { event: "delta"; data: { delta: string } }
  | { event: "done"; data: { content: string } }
  | { event: "proposal"; data: Proposal }
  | { event: "refusal"; data: ToolRefusal }
  | { event: "error"; data: { message: string; code: string } };

export function formatChatStreamEvent(event: ChatStreamEvent): string {
  const data = JSON.stringify(event.data);
  return event.event === "delta" ? `data: ${data}\n\n` : `event: ${event.event}\ndata: ${data}\n\n`;
}
