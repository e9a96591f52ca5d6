import { AlertTriangle, CalendarClock, CheckCircle2, Play } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { Button } from "../../../components/ui/button.tsx";
import { neighbourControl } from "../../../components/ui/use-focus-after-close.ts";
import { futureDateLabel } from "../lib/day-labels.ts";

interface StalledBannerProps {
  tasks: readonly Task[];
  today: string;
  onResume: (task: Task) => void;
  onComplete: (task: Task) => void;
  onReschedule: (task: Task) => void;
}

export function StalledBanner({ tasks, today, onResume, onComplete, onReschedule }: StalledBannerProps) {
  const headingId = useId();
  // Acting on a task takes its row, and the focused button, out of the banner.
  const leaving = useRef<{ taskId: string; focusInstead: HTMLElement | null } | null>(null);
  useEffect(() => {
    if (!leaving.current || tasks.some((task) => task.id === leaving.current?.taskId)) return;
    const { focusInstead } = leaving.current;
    leaving.current = null;
    if (document.activeElement !== document.body) return;
    (focusInstead?.isConnected ? focusInstead : document.querySelector<HTMLElement>("main"))?.focus();
  }, [tasks]);
  const acting =
    (action: (task: Task) => void) =>
    (task: Task, row: HTMLLIElement | null): void => {
      leaving.current = { taskId: task.id, focusInstead: neighbourControl(row, "button") };
      action(task);
    };
  if (tasks.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-xl border border-red-200 bg-red-50 p-4 text-red-950">
      <h2 id={headingId} className="flex items-center gap-2 font-semibold">
        <AlertTriangle className="size-5 shrink-0 text-red-700" aria-hidden="true" />
        {tasks.length === 1 ? "1 stalled task" : `${tasks.length} stalled tasks`}
      </h2>
      <p className="mt-1 text-sm text-red-900">
        Tasks stall when they run well past their estimate, or when a day ends with them in progress. Resume, complete or reschedule them.
      </p>
      <ul className="mt-3 grid gap-2">
        {tasks.map((task) => (
          <StalledTaskRow
            key={task.id}
            task={task}
            today={today}
            onResume={acting(onResume)}
            onComplete={acting(onComplete)}
            onReschedule={acting(onReschedule)}
          />
        ))}
      </ul>
    </section>
  );
}

type RowAction = (task: Task, row: HTMLLIElement | null) => void;

function StalledTaskRow({
  task,
  today,
  onResume,
  onComplete,
  onReschedule,
}: {
  task: Task;
  today: string;
  onResume: RowAction;
  onComplete: RowAction;
  onReschedule: RowAction;
}) {
  const titleId = useId();
  const row = useRef<HTMLLIElement>(null);
  return (
    <li ref={row} className="flex flex-col gap-2 rounded-lg border border-red-200 bg-card p-3 sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <p id={titleId} className="font-medium wrap-anywhere text-foreground">
          {task.title}
        </p>
        <p className="text-xs text-muted-foreground">
          {futureDateLabel(task.date, today)}
          {task.estimatedDuration ? ` · ${formatDuration(task.estimatedDuration)} estimate` : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" aria-describedby={titleId} onClick={() => onResume(task, row.current)}>
          <Play aria-hidden="true" />
          Resume
        </Button>
        <Button size="sm" variant="outline" aria-describedby={titleId} onClick={() => onComplete(task, row.current)}>
          <CheckCircle2 aria-hidden="true" />
          Complete
        </Button>
        <Button size="sm" variant="outline" aria-describedby={titleId} onClick={() => onReschedule(task, row.current)}>
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      </div>
    </li>
  );
}
