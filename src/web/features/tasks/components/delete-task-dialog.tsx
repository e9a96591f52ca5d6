import { useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import {
  AlertDialog,
  AlertDialogContent,
  AlertDialogDeleteFooter,
  AlertDialogDescription,
  AlertDialogHeader,
  AlertDialogTitle,
} from "../../../components/ui/alert-dialog.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { useDeleteTask } from "../api/delete-task.ts";

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
  return (
    <AlertDialog open={task !== null} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Task</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete &quot;{shownTask?.title}&quot;? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogDeleteFooter
          onDelete={() => {
            if (!task) return;
            deleteTask.mutate(task.id, {
              onSuccess: () => toast({ title: "Task deleted successfully" }),
              onError: () => toast({ variant: "destructive", title: "Failed to delete task" }),
            });
          }}
        />
      </AlertDialogContent>
    </AlertDialog>
  );
}
