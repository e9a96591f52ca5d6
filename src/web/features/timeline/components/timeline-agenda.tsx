import { CalendarClock, Repeat } from "lucide-react";
import { useState } from "react";
import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import { type Span, goalColour } from "../lib/timeline-layout.ts";
import type { TimelineModel } from "../lib/timeline-model.ts";
import { STATUS_LABELS, spanLabel } from "./timeline-blocks.tsx";
import { ScheduleDialog } from "./schedule-dialog.tsx";

type Row = { kind: "task"; task: Task; span: Span } | { kind: "event"; event: CalendarEvent; span: Span; colour: string };

/** Below md: the day in time order, meetings among the tasks, and a time picker for the tasks without one. */
export function TimelineAgenda({
  model,
  defaultTime,
  onOpenTask,
  onSchedule,
}: {
  model: TimelineModel;
  defaultTime: string;
  onOpenTask: (task: Task) => void;
  onSchedule: (task: Task, time: string) => void;
}) {
  const [toSchedule, setToSchedule] = useState<Task | null>(null);
  const rows: Row[] = [
    ...model.scheduled.map(({ task, span }) => ({ kind: "task" as const, task, span })),
    ...model.events.map(({ event, span, colour }) => ({ kind: "event" as const, event, span, colour })),
  ].sort((a, b) => a.span.start - b.span.start || (a.kind === b.kind ? 0 : a.kind === "event" ? -1 : 1));

  return (
    <section aria-label="Day agenda" className="grid gap-4">
      {rows.length === 0 ? (
        <p className="rounded-xl border bg-card p-4 text-sm text-muted-foreground">Nothing has a time yet.</p>
      ) : (
        <ol aria-label="The day in time order" className="grid gap-1.5">
          {rows.map((row) =>
            row.kind === "event" ? (
              <li
                key={`event-${row.event.calendarId}-${row.event.id}`}
                data-testid="agenda-event"
                className={cn(
                  "flex min-w-0 items-center gap-3 rounded-lg border border-l-4 px-3 py-2 text-sm",
                  row.event.busy ? "bg-slate-100" : "border-dashed",
                )}
                style={{ borderLeftColor: row.colour }}
              >
                <span className="w-32 shrink-0 text-xs text-muted-foreground tabular-nums">{spanLabel(row.span)}</span>
                <span className="min-w-0 flex-1 truncate">{row.event.title}</span>
                <span className="shrink-0 text-xs text-muted-foreground">{row.event.busy ? "Busy" : "Free"}</span>
              </li>
            ) : (
              <li key={row.task.id} data-testid="agenda-task" data-task-id={row.task.id}>
                <button
                  type="button"
                  onClick={() => onOpenTask(row.task)}
                  className="flex w-full min-w-0 items-center gap-3 rounded-lg border border-l-4 bg-card px-3 py-2 text-left text-sm shadow-sm focus-visible:outline-2 focus-visible:outline-ring"
                  style={{ borderLeftColor: goalColour(row.task.goalId) ?? undefined }}
                >
                  <span className="w-32 shrink-0 text-xs text-muted-foreground tabular-nums">{spanLabel(row.span)}</span>
                  <span className={cn("min-w-0 flex-1 truncate font-medium", row.task.status === "done" && "line-through")}>
                    {row.task.title}
                  </span>
                  {row.task.recurrence ? <Repeat className="size-3.5 shrink-0" aria-label="Repeats" /> : null}
                  <span className="shrink-0 text-xs text-muted-foreground">{STATUS_LABELS[row.task.status]}</span>
                </button>
              </li>
            ),
          )}
        </ol>
      )}
      <section aria-labelledby="agenda-unscheduled" className="grid gap-2">
        <h2 id="agenda-unscheduled" className="text-sm font-semibold">
          Unscheduled
        </h2>
        {model.unscheduled.length === 0 ? (
          <p className="text-sm text-muted-foreground">Every To Do task has a time.</p>
        ) : (
          <ul className="grid gap-1.5">
            {model.unscheduled.map((task) => (
              <li
                key={task.id}
                data-testid="agenda-unscheduled"
                className="flex min-w-0 items-center gap-2 rounded-lg border border-l-4 bg-card px-3 py-1.5 text-sm"
                style={{ borderLeftColor: goalColour(task.goalId) ?? undefined }}
              >
                <button type="button" className="min-w-0 flex-1 truncate text-left" onClick={() => onOpenTask(task)}>
                  {task.title}
                </button>
                <Button variant="outline" size="sm" aria-label={`Schedule "${task.title}"`} onClick={() => setToSchedule(task)}>
                  <CalendarClock aria-hidden="true" />
                  Schedule
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>
      <ScheduleDialog
        task={toSchedule}
        defaultTime={defaultTime}
        onOpenChange={(open) => (open ? undefined : setToSchedule(null))}
        onSchedule={(task, time) => {
          setToSchedule(null);
          onSchedule(task, time);
        }}
      />
    </section>
  );
}
