// A refused change in the user's words: the server names the field as its contract does ("tasks.0.scheduledStartTime").
import type { ToolRefusal } from "../../../../shared/api/ai-chat.ts";
import type { ChatMessage } from "./chat-messages.ts";

const FIELD_WORDS: Record<string, string> = {
  title: "The title",
  description: "The description",
  estimatedDuration: "The estimate",
  scheduledStartTime: "The start time",
  date: "The date",
  endDate: "The last day",
  targetDate: "The target date",
  goalId: "The goal",
  taskIds: "The tasks",
  taskId: "The task",
  id: "The task",
  status: "The status",
  recurrence: "The repeat rule",
  titles: "The steps",
};

/** Each "path: message" of the reason with its field named in words; any other text as it came. */
export function refusalReasonText(reason: string): string {
  return reason
    .split("; ")
    .map((part) => {
      const match = /^([\w.]+): (.+)$/s.exec(part);
      if (!match) return part;
      const field = match[1]!.split(".").findLast((segment) => !/^\d+$/.test(segment)) ?? "";
      const words = FIELD_WORDS[field];
      return words ? `${words} ${match[2]}` : part;
    })
    .join("; ");
}

/** The messages with `refusal` added to the message `messageId`. */
export function withRefusal(messages: readonly ChatMessage[], messageId: string, refusal: ToolRefusal): ChatMessage[] {
  return messages.map((message) => (message.id === messageId ? { ...message, refusals: [...(message.refusals ?? []), refusal] } : message));
}
