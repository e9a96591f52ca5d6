import type { AiProviderName, ChatHistoryEntry, ChatResponse } from "../../../../shared/api/ai.ts";
import { CHAT_STREAM_CONTENT_TYPE, type ToolRefusal } from "../../../../shared/api/ai-chat.ts";
import type { Proposal } from "../../../../shared/api/ai-proposals.ts";
import { apiFetch } from "../../../lib/api-client.ts";
import type { ChatRequestContext } from "../lib/chat-context.ts";
import { readChatStream } from "../lib/sse.ts";

export interface ChatRequest {
  message: string;
  provider: AiProviderName;
  conversationHistory: ChatHistoryEntry[];
  context: ChatRequestContext;
}

export interface SendChatOptions {
  onDelta?: (textSoFar: string) => void;
  /** Each proposal of changes the reply carries, as it arrives. */
  onProposal?: (proposal: Proposal) => void;
  /** Each change of the reply the server refused, with why. */
  onRefusal?: (refusal: ToolRefusal) => void;
  signal?: AbortSignal;
}

export async function sendChatMessage(
  request: ChatRequest,
  { onDelta, onProposal, onRefusal, signal }: SendChatOptions = {},
): Promise<string> {
  const response = await apiFetch("/api/ai/chat", {
    method: "POST",
    json: request,
    headers: { Accept: CHAT_STREAM_CONTENT_TYPE },
    signal,
  });
  const type = response.headers.get("Content-Type") ?? "";
  if (!type.startsWith(CHAT_STREAM_CONTENT_TYPE) || !response.body) {
    // The server's own answer, shaped by its schema: not checked again here (decision 013).
    const { content, proposals, refusals } = (await response.json()) as ChatResponse & { proposals?: Proposal[] };
    for (const proposal of proposals ?? []) onProposal?.(proposal);
    for (const refusal of refusals ?? []) onRefusal?.(refusal);
    onDelta?.(content);
    return content;
  }
  return readChatStream(
    response.body,
    (text) => onDelta?.(text),
    (proposal) => onProposal?.(proposal),
    (refusal) => onRefusal?.(refusal),
  );
}
