import { useEffect } from "react";
import { useSearchParams } from "react-router";
import type { Task } from "../../../../shared/api/tasks.ts";

/** `?task=<id>`, as a reminder's notification links to it: the task's dialog opens once the day is read. */
export const TASK_PARAM = "task";

export function useTaskParam(tasks: Task[] | undefined, open: (task: Task) => void): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const id = searchParams.get(TASK_PARAM);
  useEffect(() => {
    if (id === null || !tasks) return;
    const task = tasks.find((candidate) => candidate.id === id);
    // Once only: closing the dialog or going Back does not open it again (a task moved away opens nothing).
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(TASK_PARAM);
        return next;
      },
      { replace: true },
    );
    if (task) open(task);
  }, [id, tasks, open, setSearchParams]);
}
