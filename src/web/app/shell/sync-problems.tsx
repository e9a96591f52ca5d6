import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { Button } from "../../components/ui/button.tsx";
import { lazyDialog } from "../../lib/lazy-dialog.tsx";
import { useOutboxState } from "../../lib/outbox/index.ts";
import type { SyncProblemsDialogProps } from "./sync-problems-dialog.tsx";

export const SYNC_PROBLEMS_TITLE = "Changes not saved";

/** Loaded on first open or when idle: the board's first paint does not need Radix's dialog (decision 013). */
const SyncProblemsDialog = lazyDialog<SyncProblemsDialogProps>(
  () => import("./sync-problems-dialog.tsx").then((module) => module.SyncProblemsDialog),
  (props) => props.open,
);

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
      <SyncProblemsDialog title={SYNC_PROBLEMS_TITLE} open={isOpen && refused.length > 0} onOpenChange={setIsOpen} refused={refused} />
    </div>
  );
}
