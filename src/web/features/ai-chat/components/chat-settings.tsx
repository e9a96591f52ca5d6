import { Trash2 } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import type { ChatSession } from "../hooks/use-chat.ts";
import { ProviderSelect } from "./provider-select.tsx";

export function ChatSettings({ id, chat }: { id: string; chat: ChatSession }) {
  return (
    <div id={id} className="flex flex-wrap items-end gap-3 rounded-md border bg-muted/40 p-3">
      <ProviderSelect chat={chat} />
      <Button variant="outline" onClick={chat.clearMessages} disabled={chat.isSending}>
        <Trash2 aria-hidden="true" />
        Clear
      </Button>
    </div>
  );
}
