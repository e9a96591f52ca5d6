import { useQueryClient } from "@tanstack/react-query";
import { createElement, useMemo } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { ToastAction } from "../../../components/ui/toast.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { updateTask, useUpdateTask } from "../api/update-task.ts";
import { COLUMN_LABELS } from "../lib/board-columns.ts";
import { shortDateLabel } from "../lib/day-labels.ts";
import { findCachedTask, type TaskPatch } from "../lib/optimistic-task-update.ts";
import { isolate } from "../../../lib/bidi.ts";

export function useTaskMoves({ today, viewedDate }: { today: string; viewedDate: string }) {
  const queryClient = useQueryClient();
  const { mutate } = useUpdateTask();

  return useMemo(() => {
    // The move shows at once and its toast too: offline the send waits in the outbox, and a refusal rolls it back.
    const patch = (task: Pick<Task, "id">, changes: TaskPatch, onMoved?: () => void) => {
      const title = findCachedTask(queryClient, task.id)?.title;
      // Sent now, in the drop's own event: the board's re-render runs before the mutation's steps.
      const sent = updateTask({ id: task.id, patch: changes, ...(title === undefined ? {} : { title }) });
      sent.catch(() => undefined); // the mutation reports the failure
      mutate({ id: task.id, patch: changes, sent });
      onMoved?.();
    };

    const movedToast = (title: string | undefined, day: string, column: BoardColumnStatus) => {
      const where = day === today ? "today's" : `${shortDateLabel(day)}'s`;
      const what = title ? `"${isolate(title)}"` : "The task";
      toast({ title: "Task moved", description: `${what} moved to ${where} ${COLUMN_LABELS[column]} column.` });
    };

    const undoAction = (what: string, undo: () => void) => createElement(ToastAction, { altText: `Undo: ${what}`, onClick: undo }, "Undo");

    return {
      /** The card's one-tap completion: the server stamps completedAt and ends the session; Undo puts the status back. */
      completeWithUndo: (task: Task) => {
        const before = task.status;
        patch(task, { status: "done" });
        const what = `"${isolate(task.title)}"`;
        toast({
          title: "Task completed",
          description: `${what} is done.`,
          action: undoAction(`complete ${task.title}`, () => patch(task, { status: before })),
        });
      },
      /** Another day or none (Future Tasks' Unscheduled); an occurrence of a series moves alone, as no scope is sent. */
      moveToDay: (task: Task, date: string | null) => {
        if (date === task.date) return;
        const before = task.date;
        patch(task, { date });
        const what = `"${isolate(task.title)}"`;
        const where = date === null ? "no date (in Future Tasks)" : date === today ? "today" : shortDateLabel(date);
        toast({
          title: "Task moved",
          description: `${what} moved to ${where}.`,
          action: undoAction(`move ${task.title}`, () => patch(task, { date: before })),
        });
      },
      moveToColumn: (task: Task, status: BoardColumnStatus) => patch(task, { status }),
      dropOnBoard: (task: Task, changes: { status?: BoardColumnStatus; position: number }) => patch(task, changes),
      resume: (task: Task) => patch(task, { status: "inprogress" }),
      complete: (task: Task) => patch(task, { status: "done" }),
      reschedule: (task: Task) => patch(task, { status: "todo", date: today }),
      dropOnDay: (taskId: string, status: BoardColumnStatus) => {
        const title = findCachedTask(queryClient, taskId)?.title;
        patch({ id: taskId }, { status, date: viewedDate }, () => movedToast(title, viewedDate, status));
      },
      moveToToday: (task: Task) => patch(task, { status: "todo", date: today }, () => movedToast(task.title, today, "todo")),
    };
  }, [mutate, queryClient, today, viewedDate]);
}
