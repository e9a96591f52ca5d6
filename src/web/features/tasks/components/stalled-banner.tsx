import { AlertTriangle, CalendarClock, CheckCircle2, Play } from "lucide-react";
import { useId } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { Button } from "../../../components/ui/button.tsx";
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
          <StalledTaskRow key={task.id} task={task} today={today} onResume={onResume} onComplete={onComplete} onReschedule={onReschedule} />
        ))}
      </ul>
    </section>
  );
}

function StalledTaskRow({ task, today, onResume, onComplete, onReschedule }: { task: Task } & Omit<StalledBannerProps, "tasks">) {
  const titleId = useId();
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-red-200 bg-card p-3 sm:flex-row sm:items-center">
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
        <Button size="sm" aria-describedby={titleId} onClick={() => onResume(task)}>
          <Play aria-hidden="true" />
          Resume
        </Button>
        <Button size="sm" variant="outline" aria-describedby={titleId} onClick={() => onComplete(task)}>
          <CheckCircle2 aria-hidden="true" />
          Complete
        </Button>
        <Button size="sm" variant="outline" aria-describedby={titleId} onClick={() => onReschedule(task)}>
          <CalendarClock aria-hidden="true" />
          Reschedule
        </Button>
      </div>
    </li>
  );
}
