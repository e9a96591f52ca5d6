import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { AiProviderName } from "../../../../shared/api/ai.ts";
import { CHAT_MESSAGE_MAX_LENGTH } from "../../../../shared/api/ai-chat.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { dayTasksQueryOptions, useToday } from "../../tasks/index.ts";
import { proposalQueryKey } from "../api/get-proposal.ts";
import { sendChatMessage } from "../api/send-chat-message.ts";
import { useAIContext } from "../components/ai-context.tsx";
import { buildChatContext } from "../lib/chat-context.ts";
import { CHAT_ERROR_TEXT, newMessageId, toConversationHistory } from "../lib/chat-messages.ts";
import { markArrival, toProposalRef, withProposal } from "../lib/proposal-refs.ts";
import { withRefusal } from "../lib/refusals.ts";

export type ChatSession = ReturnType<typeof useChat>;

/** Answers that another try cannot change: only the server's administrator can. */
const UNUSABLE_PROVIDER_CODES: ReadonlySet<string> = new Set(["ai_provider_auth", "ai_provider_not_configured"]);

export interface UnusableProvider {
  provider: AiProviderName;
  code: string;
}

function errorCode(error: unknown): string | undefined {
  const code = error !== null && typeof error === "object" ? (error as { code?: unknown }).code : undefined;
  return typeof code === "string" ? code : undefined;
}

/** A send outlives the panel that started it: its reply lands in the conversation (AIContext) even if the panel remounts. */
export function useChat() {
  const chat = useAIContext();
  const queryClient = useQueryClient();
  const today = useToday();
  const [isSending, setIsSending] = useState(false);
  const [unusable, setUnusable] = useState<UnusableProvider | null>(null);
  const isSendingRef = useRef(false);

  async function readContext() {
    const [goals, tasks] = await Promise.all([
      queryClient.ensureQueryData(goalsQueryOptions()).catch(() => []),
      queryClient.ensureQueryData(dayTasksQueryOptions(today)).catch(() => []),
    ]);
    return buildChatContext(goals, tasks);
  }

  async function send(text: string): Promise<boolean> {
    const message = text.trim().slice(0, CHAT_MESSAGE_MAX_LENGTH);
    if (message === "" || isSendingRef.current) return false;
    isSendingRef.current = true;
    setIsSending(true);
    const conversationHistory = toConversationHistory(chat.messages);
    chat.addMessage({ id: newMessageId(), role: "user", content: message, timestamp: new Date() });
    const replyId = newMessageId();
    let isReplyShown = false;
    try {
      const context = await readContext();
      const content = await sendChatMessage(
        { message, provider: chat.provider, conversationHistory, context },
        {
          onDelta(textSoFar) {
            if (!isReplyShown) {
              isReplyShown = true;
              chat.addMessage({ id: replyId, role: "assistant", content: textSoFar, timestamp: new Date() });
            } else {
              chat.updateMessage(replyId, textSoFar);
            }
          },
          onProposal(proposal) {
            queryClient.setQueryData(proposalQueryKey(proposal.id), proposal);
            markArrival(proposal.id);
            const ref = toProposalRef(proposal);
            if (!isReplyShown) {
              isReplyShown = true;
              chat.addMessage({ id: replyId, role: "assistant", content: "", timestamp: new Date(), proposals: [ref] });
            } else {
              chat.updateMessages((messages) => withProposal(messages, replyId, ref));
            }
          },
          onRefusal(refusal) {
            if (!isReplyShown) {
              isReplyShown = true;
              chat.addMessage({ id: replyId, role: "assistant", content: "", timestamp: new Date(), refusals: [refusal] });
            } else {
              chat.updateMessages((messages) => withRefusal(messages, replyId, refusal));
            }
          },
        },
      );
      if (isReplyShown) chat.updateMessage(replyId, content, true);
      else chat.addMessage({ id: replyId, role: "assistant", content, timestamp: new Date() });
    } catch (error) {
      console.warn("AI chat failed", error);
      const code = errorCode(error);
      if (code !== undefined && UNUSABLE_PROVIDER_CODES.has(code)) {
        // The composer says why and whom to ask (ChatView): no reply inviting another try.
        setUnusable({ provider: chat.provider, code });
        if (isReplyShown) chat.updateMessage(replyId, CHAT_ERROR_TEXT, true);
        return true;
      }
      if (isReplyShown) chat.updateMessage(replyId, CHAT_ERROR_TEXT, true);
      else chat.addMessage({ id: replyId, role: "assistant", content: CHAT_ERROR_TEXT, timestamp: new Date() });
    } finally {
      isSendingRef.current = false;
      setIsSending(false);
    }
    return true;
  }

  // Kept for the provider that answered so: another provider may still work.
  const unusableProvider = unusable?.provider === chat.provider ? unusable : null;
  return { ...chat, isSending, send, unusableProvider };
}
