import { type FormEvent, useId, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { Input } from "../../../components/ui/input.tsx";
import { Label } from "../../../components/ui/label.tsx";
import { useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { focusTargetInstead } from "../lib/card-focus.ts";
import { dayChoices } from "../lib/day-choices.ts";
import { futureDateLabel, shortDateLabel } from "../lib/day-labels.ts";

export interface MoveTaskDialogProps {
  /** Null closes the dialog. */
  task: Task | null;
  today: string;
  onOpenChange: (open: boolean) => void;
  onMove: (task: Task, date: string | null) => void;
}

/** 'Move to…' of a card (its button, or `m` on the card): Today, Tomorrow, Next week, No date, or a picked day. */
export function MoveTaskDialog({ task, today, onOpenChange, onMove }: MoveTaskDialogProps) {
  // Keeps the title in place while the dialog animates closed.
  const [shownTask, setShownTask] = useState(task);
  if (task && task !== shownTask) setShownTask(task);
  const focusAfterClose = useFocusAfterClose();
  return (
    <Dialog open={task !== null} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-sm" onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}>
        {shownTask ? (
          <MoveChoices
            key={shownTask.id}
            task={shownTask}
            today={today}
            onMove={(date) => {
              if (!task) return;
              // The card leaves this day's board: focus goes to its neighbour instead of the page.
              if (date !== task.date) focusAfterClose.set(focusTargetInstead(task.id));
              onMove(task, date);
              onOpenChange(false);
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function MoveChoices({ task, today, onMove }: { task: Task; today: string; onMove: (date: string | null) => void }) {
  const [picked, setPicked] = useState(task.date ?? "");
  const pickId = useId();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onMove(picked === "" ? null : picked);
  }
  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Move to…</DialogTitle>
        <DialogDescription>
          Move &quot;{task.title}&quot; to another day
          {task.seriesId ? " (only this occurrence; the series keeps its days)" : ""}.
        </DialogDescription>
      </DialogHeader>
      <ul className="grid gap-2" aria-label="Days">
        {dayChoices(today).map(({ label, date }) => {
          const isCurrent = date === task.date;
          return (
            <li key={label}>
              <Button
                variant="outline"
                className="w-full justify-between"
                aria-current={isCurrent ? "date" : undefined}
                onClick={() => onMove(date)}
              >
                <span>{label}</span>
                <span className="text-xs text-muted-foreground">
                  {date === null ? "Future Tasks" : shortDateLabel(date)}
                  {isCurrent ? " · now" : ""}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
      <div className="grid gap-2">
        <Label htmlFor={pickId}>Another day</Label>
        <Input id={pickId} type="date" value={picked} onChange={(event) => setPicked(event.target.value)} />
        <p className="text-xs text-muted-foreground">{picked === "" ? "No date" : futureDateLabel(picked, today)}</p>
      </div>
      <FormDialogFooter submitLabel="Move" />
    </form>
  );
}
