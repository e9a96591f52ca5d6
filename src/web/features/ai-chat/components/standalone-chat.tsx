import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { ChatSession } from "../hooks/use-chat.ts";
import { isIntroMessage } from "../lib/chat-messages.ts";
import { ProviderSelect } from "./provider-select.tsx";

/**
 * The standalone chat view's header (spec section 2): its own route is not shown, so it is the
 * panel's header in fullscreen mode, in place of the panel's visible title and settings (the panel
 * keeps its name, 'AI Assistant', for screen readers).
 */
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
