import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { ChatSession } from "../hooks/use-chat.ts";
import { SUGGESTIONS, isIntroMessage } from "../lib/chat-messages.ts";
import { ChatView } from "./chat-view.tsx";
import { ProviderSelect } from "./provider-select.tsx";

/**
 * The standalone chat view (spec section 2): its own route is not shown, so it lives in the
 * panel's fullscreen mode.
 */
export function StandaloneChat({ chat }: { chat: ChatSession }) {
  const count = chat.messages.filter((message) => !isIntroMessage(message)).length;
  return (
    <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-1 flex-col">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b p-4">
        <div>
          <h2 className="text-xl font-semibold">AI Planning Assistant</h2>
          <p className="text-sm text-muted-foreground">
            {count === 1 ? "1 message in history" : `${count} messages in history`}
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <ProviderSelect chat={chat} label="Provider" />
          <Button variant="outline" onClick={chat.clearMessages} disabled={chat.isSending}>
            <Trash2 aria-hidden="true" />
            Clear Chat
          </Button>
        </div>
      </div>
      <ChatView chat={chat} prompts={SUGGESTIONS} />
    </div>
  );
}
