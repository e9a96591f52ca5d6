// eventsource-parser: frames may be split anywhere across network chunks.
import { createParser } from "eventsource-parser";
import type { ChatStreamEvent, ToolRefusal } from "../../../../shared/api/ai-chat.ts";
import type { Proposal } from "../../../../shared/api/ai-proposals.ts";

export interface SseFrame {
  event: string;
  data: string;
}

export function createSseParser() {
  let frames: SseFrame[] = [];
  const parser = createParser({ onEvent: ({ event, data }) => frames.push({ event: event ?? "message", data }) });
  return {
    push(chunk: string): SseFrame[] {
      parser.feed(chunk);
      const completed = frames;
      frames = [];
      return completed;
    },
  };
}

function hasStrings<K extends string>(data: unknown, ...keys: K[]): data is Record<K, string> {
  return data !== null && typeof data === "object" && keys.every((key) => typeof (data as Record<string, unknown>)[key] === "string");
}

/** Checked by shape, without the schema library (decision 013). */
export function toChatStreamEvent(frame: SseFrame): ChatStreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(frame.data);
  } catch {
    return null;
  }
  if (frame.event === "message") return hasStrings(data, "delta") ? { event: "delta", data: { delta: data.delta } } : null;
  if (frame.event === "done") return hasStrings(data, "content") ? { event: "done", data: { content: data.content } } : null;
  if (frame.event === "error")
    return hasStrings(data, "message", "code") ? { event: "error", data: { message: data.message, code: data.code } } : null;
  if (frame.event === "refusal")
    return hasStrings(data, "tool", "title", "reason")
      ? { event: "refusal", data: { tool: data.tool, title: data.title, reason: data.reason } }
      : null;
  if (frame.event === "proposal")
    return hasStrings(data, "id", "summary", "status", "expiresAt") && Array.isArray((data as { changes?: unknown }).changes)
      ? { event: "proposal", data: data as unknown as Proposal }
      : null;
  return null;
}

export class ChatStreamError extends Error {
  override readonly name = "ChatStreamError";
  readonly code: string;
  constructor(message: string, code: string) {
    super(message);
    this.code = code;
  }
}

export async function readChatStream(
  body: ReadableStream<Uint8Array>,
  onDelta: (textSoFar: string) => void,
  onProposal: (proposal: Proposal) => void = () => {},
  onRefusal: (refusal: ToolRefusal) => void = () => {},
): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = createSseParser();
  let text = "";
  let outcome: { content: string } | ChatStreamError | undefined;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      const frames = parser.push(done ? decoder.decode() + "\n\n" : decoder.decode(value, { stream: true }));
      for (const frame of frames) {
        const event = outcome ? null : toChatStreamEvent(frame);
        if (!event) continue;
        if (event.event === "delta") {
          text += event.data.delta;
          onDelta(text);
        } else if (event.event === "proposal") {
          onProposal(event.data);
        } else if (event.event === "refusal") {
          onRefusal(event.data);
        } else if (event.event === "done") {
          outcome = { content: event.data.content };
        } else if (event.event === "error") {
          outcome = new ChatStreamError(event.data.message, event.data.code);
        }
      }
      if (done) break;
    }
  } catch (error) {
    // A reply whole before the connection broke stands.
    if (!outcome) {
      reader.cancel().catch(() => {});
      throw error;
    }
  }
  if (!outcome) throw new ChatStreamError("The reply stopped before it was complete.", "stream_incomplete");
  if (outcome instanceof ChatStreamError) throw outcome;
  return outcome.content;
}
