// A reply's proposals as the kept chat history holds them: id, summary and state; the changes stay on the server.
import type { Proposal } from "../../../../shared/api/ai-proposals.ts";
import type { ChatMessage, ProposalRef } from "./chat-messages.ts";

export function toProposalRef({ id, summary, status, expiresAt }: Proposal): ProposalRef {
  return { id, summary, status, expiresAt };
}

/** The messages with `ref` on the message `messageId`, in place of an earlier one of the same proposal. */
export function withProposal(messages: readonly ChatMessage[], messageId: string, ref: ProposalRef): ChatMessage[] {
  return messages.map((message) =>
    message.id === messageId
      ? { ...message, proposals: [...(message.proposals ?? []).filter((kept) => kept.id !== ref.id), ref] }
      : message,
  );
}

/** The messages with every copy of `ref`'s proposal replaced by it (its state has changed). */
export function withProposalState(messages: readonly ChatMessage[], ref: ProposalRef): ChatMessage[] {
  return messages.map((message) =>
    message.proposals?.some((kept) => kept.id === ref.id)
      ? { ...message, proposals: message.proposals.map((kept) => (kept.id === ref.id ? ref : kept)) }
      : message,
  );
}

// Proposals streamed in this page's life, not yet shown: only these take the focus when they appear.
const arrivals = new Set<string>();

export function markArrival(id: string): void {
  arrivals.add(id);
}

export function takeArrival(id: string): boolean {
  return arrivals.delete(id);
}
