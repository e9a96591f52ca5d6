// Storage can fail (private mode, quota, a hand-edited value): failures are only logged (spec section 8).
import type { AiProviderName, ToolRefusal } from "../../../../shared/api/ai.ts";
import { readUserItem, removeUserItem, writeUserItem } from "../../../lib/user-storage.ts";
import type { ChatMessage, ProposalRef } from "./chat-messages.ts";

// Not the shared zod enum: this module is in the initial JavaScript, which zod would double.
const PROVIDER_NAMES: readonly string[] = ["openai", "gemini", "claude", "openrouter"] satisfies AiProviderName[];

const PROPOSAL_STATUSES: readonly unknown[] = ["open", "applied", "undone", "dismissed", "expired"] satisfies ProposalRef["status"][];

function isProposalRef(value: unknown): value is ProposalRef {
  const ref = value as Record<string, unknown> | null;
  return ["id", "summary", "expiresAt"].every((key) => typeof ref?.[key] === "string") && PROPOSAL_STATUSES.includes(ref?.status);
}

function isToolRefusal(value: unknown): value is ToolRefusal {
  const refusal = value as Record<string, unknown> | null;
  return ["tool", "title", "reason"].every((key) => typeof refusal?.[key] === "string");
}

function isProviderName(value: string | null): value is AiProviderName {
  return value !== null && PROVIDER_NAMES.includes(value);
}

export const MESSAGES_KEY = "ai-chat-messages";
export const PROVIDER_KEY = "ai-chat-provider";
export const OPEN_KEY = "ai-chat-open";
export const PREFERRED_PROVIDER_KEY = "ai-preferred-provider";
export const TOOLTIP_SEEN_KEY = "ai-assistant-tooltip-seen";

export function loadMessages(): ChatMessage[] | null {
  try {
    const raw = readUserItem(MESSAGES_KEY);
    if (raw === null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error("not a list");
    const messages = parsed.flatMap((entry: unknown): ChatMessage[] => {
      if (entry === null || typeof entry !== "object") return [];
      const { id, role, content, timestamp, proposals, refusals } = entry as Record<string, unknown>;
      if (typeof id !== "string" || (role !== "user" && role !== "assistant") || typeof content !== "string") return [];
      const date = new Date(typeof timestamp === "string" || typeof timestamp === "number" ? timestamp : Number.NaN);
      const message: ChatMessage = { id, role, content, timestamp: Number.isNaN(date.getTime()) ? new Date() : date };
      if (Array.isArray(proposals)) message.proposals = proposals.filter(isProposalRef);
      if (Array.isArray(refusals)) message.refusals = refusals.filter(isToolRefusal);
      return [message];
    });
    return messages.length > 0 ? messages : null;
  } catch (error) {
    console.error("failed to load messages", error);
    return null;
  }
}

export function saveMessages(messages: readonly ChatMessage[] | null): void {
  try {
    if (messages === null) removeUserItem(MESSAGES_KEY);
    else writeUserItem(MESSAGES_KEY, JSON.stringify(messages));
  } catch (error) {
    console.error("failed to save messages", error);
  }
}

export function loadOpen(): boolean {
  try {
    return readUserItem(OPEN_KEY) === "true";
  } catch {
    return false;
  }
}

export function saveOpen(isOpen: boolean): void {
  try {
    writeUserItem(OPEN_KEY, isOpen ? "true" : "false");
  } catch (error) {
    console.error("failed to save open state", error);
  }
}

function readProvider(key: string): AiProviderName | null {
  try {
    const value = readUserItem(key);
    return isProviderName(value) ? value : null;
  } catch {
    return null;
  }
}

export function loadChatProvider(): AiProviderName | null {
  return readProvider(PROVIDER_KEY) ?? readProvider(PREFERRED_PROVIDER_KEY);
}

export function loadPreferredProvider(): AiProviderName | null {
  return readProvider(PREFERRED_PROVIDER_KEY);
}

export function saveChatProvider(provider: AiProviderName): void {
  try {
    writeUserItem(PROVIDER_KEY, provider);
  } catch (error) {
    console.error("failed to save provider", error);
  }
}

export function savePreferredProvider(provider: AiProviderName): void {
  writeUserItem(PREFERRED_PROVIDER_KEY, provider);
  writeUserItem(PROVIDER_KEY, provider);
}

export function hasSeenTooltip(): boolean {
  try {
    return localStorage.getItem(TOOLTIP_SEEN_KEY) === "true";
  } catch {
    return true;
  }
}

export function markTooltipSeen(): void {
  try {
    localStorage.setItem(TOOLTIP_SEEN_KEY, "true");
  } catch {
    // Not worth a log line: the tooltip shows again next visit.
  }
}
