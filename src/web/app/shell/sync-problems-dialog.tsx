import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../components/ui/dialog.tsx";
import { discardWrite, type OutboxEntry, retryWrite } from "../../lib/outbox/index.ts";

export interface SyncProblemsDialogProps {
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
  refused: readonly OutboxEntry[];
}

export function SyncProblemsDialog({ title, open, onOpenChange, refused }: SyncProblemsDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>The server refused these changes. Retry sends one again; Discard drops it.</DialogDescription>
        </DialogHeader>
        <ul className="grid gap-3">
          {refused.map((entry) => (
            <RefusedChange key={entry.key} entry={entry} />
          ))}
        </ul>
      </DialogContent>
    </Dialog>
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
