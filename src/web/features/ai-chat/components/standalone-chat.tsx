import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { ChatSession } from "../hooks/use-chat.ts";
import { isIntroMessage } from "../lib/chat-messages.ts";
import { ProviderSelect } from "./provider-select.tsx";

/** The panel's header in fullscreen, in place of its visible title; the panel keeps its name for screen readers. */
export function StandaloneTitle({ chat }: { chat: ChatSession }) {
  const count = chat.messages.filter((message) => !isIntroMessage(message)).length;
  return (
    <div>
      <h3 className="text-xl font-semibold">AI Planning Assistant</h3>
      <p className="text-sm text-muted-foreground">{count === 1 ? "1 message in history" : `${count} messages in history`}</p>
    </div>
  );
}

export function StandaloneActions({ chat }: { chat: ChatSession }) {
  return (
    <div className="flex flex-wrap items-end gap-2">
      <ProviderSelect chat={chat} label="Provider" />
      <Button variant="outline" onClick={chat.clearMessages} disabled={chat.isSending}>
        <Trash2 aria-hidden="true" />
        Clear Chat
      </Button>
    </div>
  );
}
