import { CircleAlert, Loader2, Send } from "lucide-react";
import { type FormEvent, Fragment, useCallback, useEffect, useId, useRef, useState } from "react";
import { CHAT_MESSAGE_MAX_LENGTH, type ToolRefusal } from "../../../../shared/api/ai-chat.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { LazySafeMarkdown, preloadSafeMarkdown } from "../../../components/markdown/lazy-safe-markdown.tsx";
import { useOnline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { whenIdle } from "../../../lib/when-idle.ts";
import { useUser } from "../../session/index.ts";
import { useAiProviders } from "../api/get-ai-providers.ts";
import type { ChatSession } from "../hooks/use-chat.ts";
import {
  type ChatMessage,
  type ProposalRef,
  NO_PROVIDER_TEXT,
  PROVIDER_LABELS,
  QUICK_PROMPTS,
  SIGNED_OUT_TEXT,
  isIntroMessage,
  providerNotConfiguredText,
  providerRefusedText,
} from "../lib/chat-messages.ts";
import { withProposalState } from "../lib/proposal-refs.ts";
import { refusalReasonText } from "../lib/refusals.ts";
import { PROPOSAL_CARD_ATTRIBUTE, ProposalCard } from "./proposal-card.tsx";

/** react-markdown is most of the assistant's code and evaluation time: its own turn of idle work (decision 013). */
export function preloadReplyRenderer(): () => void {
  return whenIdle(preloadSafeMarkdown);
}

export interface ChatViewProps {
  chat: ChatSession;
  prompts?: readonly string[];
}

export function ChatView({ chat, prompts }: ChatViewProps) {
  const { data: user } = useUser();
  useEffect(() => void preloadSafeMarkdown(), []);
  const [draft, setDraft] = useState("");
  const inputId = useId();
  const offlineId = useId();
  const isOnline = useOnline();
  const inputRef = useRef<HTMLInputElement>(null);
  const unusableRef = useRef<HTMLParagraphElement>(null);
  const unusableText = useUnusableProviderText(chat);
  const logRef = useRef<HTMLDivElement>(null);
  const wasSending = useRef(false);

  const lastContent = chat.messages.at(-1)?.content;
  const lastProposals = chat.messages.at(-1)?.proposals?.length;
  const lastRefusals = chat.messages.at(-1)?.refusals?.length;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [chat.messages.length, lastContent, lastProposals, lastRefusals, chat.isSending]);

  useEffect(() => {
    // Back to the input when a reply is complete, unless the reply's proposal has the focus.
    const isOnProposal = document.activeElement?.closest(`[${PROPOSAL_CARD_ATTRIBUTE}]`);
    if (wasSending.current && !chat.isSending && !isOnProposal) (inputRef.current ?? unusableRef.current)?.focus();
    wasSending.current = chat.isSending;
  }, [chat.isSending]);

  const { updateMessages } = chat;
  const keepProposalState = useCallback(
    (ref: ProposalRef) => updateMessages((messages) => withProposalState(messages, ref)),
    [updateMessages],
  );

  if (!user) {
    return <p className="p-4 text-sm text-muted-foreground">{SIGNED_OUT_TEXT}</p>;
  }

  const isEmpty = chat.messages.every(isIntroMessage);
  const shownPrompts = prompts ?? (chat.sizeMode === "compact" ? QUICK_PROMPTS.slice(0, 2) : QUICK_PROMPTS);
  const isReplyStreaming = chat.isSending && chat.messages.at(-1)?.role === "assistant";
  const canSend = draft.trim() !== "" && !chat.isSending && isOnline;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSend) return;
    const text = draft;
    setDraft("");
    await chat.send(text);
  }

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-label="Conversation with the AI assistant"
        aria-busy={chat.isSending}
        tabIndex={0}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {chat.messages.map((message) => (
          <Fragment key={message.id}>
            {(message.content !== "" || (!message.proposals?.length && !message.refusals?.length)) && <MessageBubble message={message} />}
            {message.refusals?.map((refusal, index) => (
              <RefusalNotice key={index} refusal={refusal} />
            ))}
            {message.proposals?.map((proposal) => (
              <ProposalCard key={proposal.id} proposal={proposal} onStateChange={keepProposalState} />
            ))}
          </Fragment>
        ))}
        {chat.isSending && !isReplyStreaming && (
          <div className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="ai-thinking">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Thinking...
          </div>
        )}
        {isEmpty && !chat.isSending && unusableText === null && (
          <div className="flex flex-wrap gap-2 pt-1" role="group" aria-label="Quick prompts">
            {shownPrompts.map((prompt) => (
              <Button
                key={prompt}
                variant="outline"
                size="sm"
                className="h-auto min-h-8 whitespace-normal text-left"
                disabled={!isOnline}
                onClick={() => void chat.send(prompt)}
              >
                {prompt}
              </Button>
            ))}
          </div>
        )}
      </div>
      {unusableText !== null ? (
        <p
          ref={unusableRef}
          role="status"
          tabIndex={-1}
          data-testid="ai-chat-unavailable"
          className="border-t p-3 text-sm text-muted-foreground outline-none"
        >
          {unusableText}
        </p>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="flex items-center gap-2 border-t p-3">
          <label htmlFor={inputId} className="sr-only">
            Message the AI assistant
          </label>
          <Input
            ref={inputRef}
            id={inputId}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            placeholder={chat.isSending ? "Thinking..." : "Ask about your day or goals..."}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            disabled={chat.isSending}
            autoComplete="off"
            data-chat-input=""
          />
          <Button type="submit" size="icon" aria-label="Send" disabled={!canSend} aria-describedby={isOnline ? undefined : offlineId}>
            {chat.isSending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
          </Button>
        </form>
      )}
      {unusableText === null && !isOnline && <NeedsConnection id={offlineId} className="-mt-1 px-3 pb-3" />}
      {unusableText === null && <ProviderNote provider={chat.provider} />}
    </div>
  );
}

function useUnusableProviderText(chat: ChatSession): string | null {
  const { data: providers } = useAiProviders();
  if (providers && providers.every((candidate) => !candidate.available)) return NO_PROVIDER_TEXT;
  if (!chat.unusableProvider) return null;
  const label = providers?.find((candidate) => candidate.name === chat.provider)?.displayName ?? PROVIDER_LABELS[chat.provider];
  return chat.unusableProvider.code === "ai_provider_auth" ? providerRefusedText(label) : providerNotConfiguredText(label);
}

function ProviderNote({ provider }: { provider: ChatSession["provider"] }) {
  const { data: providers } = useAiProviders();
  const chosen = providers?.find((candidate) => candidate.name === provider);
  if (!chosen || chosen.available) return null;
  return (
    <p role="note" className="-mt-1 px-3 pb-3 text-xs text-muted-foreground">
      {providerNotConfiguredText(chosen.displayName)}
    </p>
  );
}

/** Beside the reply, whatever its text claims: the change was not made. */
function RefusalNotice({ refusal }: { refusal: ToolRefusal }) {
  const titleId = useId();
  return (
    <div
      role="group"
      aria-labelledby={titleId}
      data-refusal=""
      className="mr-[15%] rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950"
    >
      <p id={titleId} className="flex items-center gap-1.5 font-medium">
        <CircleAlert className="size-4 shrink-0" aria-hidden="true" />
        Not done: {refusal.title}
      </p>
      <p className="mt-1 break-words">{refusalReasonText(refusal.reason)}</p>
      <p className="mt-1 text-xs">Nothing was changed.</p>
    </div>
  );
}

function MessageBubble({ message }: { message: ChatMessage }) {
  const isUser = message.role === "user";
  const time = message.timestamp.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
  return (
    <div className={cn("flex", isUser ? "justify-end" : "justify-start")} data-role={message.role}>
      <div
        className={cn(
          "max-w-[85%] rounded-2xl px-3.5 py-2",
          isUser ? "rounded-br-sm bg-primary text-primary-foreground" : "rounded-bl-sm bg-muted text-foreground",
        )}
      >
        <span className="sr-only">{isUser ? "You said:" : "Assistant:"}</span>
        {isUser ? (
          <p className="text-sm whitespace-pre-wrap break-words">{message.content}</p>
        ) : (
          <LazySafeMarkdown text={message.content} className="text-sm leading-relaxed" />
        )}
        <p className={cn("mt-1 text-[11px]", isUser ? "text-primary-foreground/80" : "text-muted-foreground")}>{time}</p>
      </div>
    </div>
  );
}
