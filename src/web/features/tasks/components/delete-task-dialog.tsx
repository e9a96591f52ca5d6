import { useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDeleteFooter,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog.tsx";
import { useFocusAfterClose } from "../../../components/ui/use-focus-after-close.ts";
import { toast } from "../../../components/ui/use-toast.ts";
import { useDeleteTask } from "../api/delete-task.ts";
import type { SeriesScope } from "../api/update-task.ts";
import { focusTargetInstead } from "../lib/card-focus.ts";

export interface DeleteTaskDialogProps {
  /** Null closes the dialog. */
  task: Task | null;
  onOpenChange: (open: boolean) => void;
}

export function DeleteTaskDialog({ task, onOpenChange }: DeleteTaskDialogProps) {
  const deleteTask = useDeleteTask();
  // Keeps the title in place while the dialog animates closed.
  const [shownTask, setShownTask] = useState(task);
  if (task && task !== shownTask) setShownTask(task);
  const focusAfterClose = useFocusAfterClose();
  function remove(scope?: SeriesScope) {
    if (!task) return;
    focusAfterClose.set(focusTargetInstead(task.id));
    // The card goes at once and the toast says so: offline the delete waits in the outbox; a refusal brings it back.
    deleteTask.mutate({ id: task.id, title: task.title, ...(scope ? { scope } : {}) });
    toast({ title: "Task deleted successfully" });
  }
  return (
    <AlertDialog open={task !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent onCloseAutoFocus={focusAfterClose.onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Task</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete &quot;{shownTask?.title}&quot;? This action cannot be undone.
            {shownTask?.seriesId ? " It repeats: delete only this task, or this one and the following ones?" : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        {shownTask?.seriesId ? (
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="outline" className="text-red-700" onClick={() => remove("this")}>
              This task
            </AlertDialogAction>
            <AlertDialogAction variant="destructive" onClick={() => remove("future")}>
              This and following
            </AlertDialogAction>
          </AlertDialogFooter>
        ) : (
          <AlertDialogDeleteFooter onDelete={() => remove()} />
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}
