// The chat's parts the web app's assistant needs, apart from the zod schemas in ai.ts (which
// re-exports them) so that the assistant's code does not bring the schema library along
// (decision 013): the provider names, the message limit and the streamed answer's format.
import type { Proposal } from "./ai-proposals.ts";

export const aiProviderNames = ["openai", "gemini", "claude", "openrouter"] as const;
export const CHAT_MESSAGE_MAX_LENGTH = 4000;

export function isAiProviderName(value: string): value is (typeof aiProviderNames)[number] {
  return (aiProviderNames as readonly string[]).includes(value);
}

/**
 * The streamed answer: the same POST with `Accept: text/event-stream` answers 200
 * `Content-Type: text/event-stream` with server-sent events:
 *
 *   data: {"delta":"Hel"}            one per piece of the reply, in order (unnamed "message" events)
 *   data: {"delta":"lo"}
 *   event: done                      the reply is complete; `content` is all of it
 *   data: {"content":"Hello"}
 *
 * or, when the provider fails after the first piece was sent:
 *
 *   event: error
 *   data: {"message":"...","code":"ai_provider_error"}
 *
 * When the model calls a write tool (decision 033), the proposal it made is sent as soon as it is
 * stored, between the pieces; nothing is changed until the user applies it:
 *
 *   event: proposal
 *   data: {"id":"...","tool":"moveTasks","summary":"Move 1 task","status":"open",...}   a Proposal (ai-proposals.ts)
 *
 * A reply may be proposals only: its first event is then a proposal, and `done`'s content says what
 * was proposed. Exactly one `done` or `error` ends the stream. A failure before the first piece (provider not
 * configured, limits, provider errors, timeouts) is an ordinary JSON error answer with its status,
 * as for the JSON form.
 */
export const CHAT_STREAM_CONTENT_TYPE = "text/event-stream";
export type ChatStreamEvent =
  | { event: "delta"; data: { delta: string } }
  | { event: "done"; data: { content: string } }
  | { event: "proposal"; data: Proposal }
  | { event: "error"; data: { message: string; code: string } };

/** Writes one event in the format above (the server's encoder; the web app's parser reads it back). */
export function formatChatStreamEvent(event: ChatStreamEvent): string {
  const data = JSON.stringify(event.data);
  return event.event === "delta" ? `data: ${data}\n\n` : `event: ${event.event}\ndata: ${data}\n\n`;
}
