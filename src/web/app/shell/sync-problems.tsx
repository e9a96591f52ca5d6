import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { discardWrite, type OutboxEntry, retryWrite, useOutboxState } from "../../lib/outbox/index.ts";

export const SYNC_PROBLEMS_TITLE = "Changes not saved";

export function refusedMessage(count: number): string {
  return count === 1 ? "1 change could not be saved" : `${count} changes could not be saved`;
}

/** A change the server refused stays here until it is retried or discarded: never dropped silently. */
export function SyncProblems() {
  const { refused } = useOutboxState();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <div role="status">
      {refused.length > 0 && (
        <div className="mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-950">
          <AlertTriangle className="size-4 shrink-0 text-red-800" aria-hidden="true" />
          <span className="flex-1">{refusedMessage(refused.length)}</span>
          <Button variant="outline" size="sm" onClick={() => setIsOpen(true)}>
            Review changes
          </Button>
        </div>
      )}
      <Dialog open={isOpen && refused.length > 0} onOpenChange={setIsOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{SYNC_PROBLEMS_TITLE}</DialogTitle>
            <DialogDescription>The server refused these changes. Retry sends one again; Discard drops it.</DialogDescription>
          </DialogHeader>
          <ul className="grid gap-3">
            {refused.map((entry) => (
              <RefusedChange key={entry.key} entry={entry} />
            ))}
          </ul>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function RefusedChange({ entry }: { entry: OutboxEntry }) {
  const [isActing, setIsActing] = useState(false);
  const isSending = entry.state === "waiting";
  const isBusy = isActing || isSending;
  const act = (action: (key: string) => Promise<void>) => {
    setIsActing(true);
    void action(entry.key).finally(() => setIsActing(false));
  };
  return (
    <li className="grid gap-2 rounded-lg border p-3">
      <p className="font-medium">{entry.label}</p>
      <p className="text-sm text-muted-foreground">{isSending ? "Sending again…" : (entry.refusal?.message ?? "Refused by the server.")}</p>
      <div className="flex gap-2">
        <Button size="sm" disabled={isBusy} aria-label={`Retry: ${entry.label}`} onClick={() => act(retryWrite)}>
          Retry
        </Button>
        <Button size="sm" variant="outline" disabled={isBusy} aria-label={`Discard: ${entry.label}`} onClick={() => act(discardWrite)}>
          Discard
        </Button>
      </div>
    </li>
  );
}
