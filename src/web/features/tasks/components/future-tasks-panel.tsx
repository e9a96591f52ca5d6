import { AlertCircle, ArrowLeftToLine, CalendarCheck2, GripVertical, Repeat, Target, Timer } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import type { Task, TaskStatus } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { futureTasksWindow } from "../../../../shared/rules/future-tasks.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import {
  SidePanel,
  SidePanelBody,
  SidePanelContent,
  SidePanelDescription,
  SidePanelHeader,
  SidePanelTitle,
} from "../../../components/ui/side-panel.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { cn } from "../../../lib/utils.ts";
import { useFutureTasks } from "../api/get-future-tasks.ts";
import { futureDateLabel, futureGroupHeading } from "../lib/day-labels.ts";
import { setTaskDragData } from "../lib/native-task-drag.ts";

export interface FutureTasksPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  today: string;
  onMoveToToday: (task: Task) => void;
}

/** Non-modal, so its cards can be dragged onto the board behind it. */
export function FutureTasksPanel({ open, onOpenChange, today, onMoveToToday }: FutureTasksPanelProps) {
  // While a card is dragged the panel lets the pointer through, so every column can take the drop.
  const [isDragging, setIsDragging] = useState(false);
  useEffect(() => {
    if (!isDragging) return;
    // On the document: a dropped card may leave the list (and the DOM) before its own dragend.
    const stop = () => setIsDragging(false);
    document.addEventListener("drop", stop);
    document.addEventListener("dragend", stop);
    return () => {
      document.removeEventListener("drop", stop);
      document.removeEventListener("dragend", stop);
    };
  }, [isDragging]);
  return (
    <SidePanel open={open} onOpenChange={onOpenChange}>
      <SidePanelContent
        className={cn("transition-opacity", isDragging && "pointer-events-none opacity-40")}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.focus();
        }}
      >
        <SidePanelHeader>
          <SidePanelTitle>Future Tasks</SidePanelTitle>
          <SidePanelDescription>
            Unscheduled, upcoming and overdue tasks. Drag one onto the board, or move it to today.
          </SidePanelDescription>
        </SidePanelHeader>
        <SidePanelBody>
          <FutureTaskList today={today} onMoveToToday={onMoveToToday} onDraggingChange={setIsDragging} />
        </SidePanelBody>
      </SidePanelContent>
    </SidePanel>
  );
}

interface FutureTaskListProps {
  today: string;
  onMoveToToday: (task: Task) => void;
  onDraggingChange: (isDragging: boolean) => void;
}

function FutureTaskList({ today, onMoveToToday, onDraggingChange }: FutureTaskListProps) {
  const range = useMemo(() => futureTasksWindow(today), [today]);
  const future = useFutureTasks(range);

  const groups = useMemo(() => {
    const byDate = new Map<string | null, Task[]>();
    for (const task of future.data ?? []) {
      const group = byDate.get(task.date);
      if (group) group.push(task);
      else byDate.set(task.date, [task]);
    }
    return [...byDate.entries()].sort(([a], [b]) => (a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1));
  }, [future.data]);

  if (future.isPending) {
    return (
      <div role="status" className="grid gap-3">
        <span className="sr-only">Loading future tasks</span>
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-28" />
        <Skeleton className="h-28" />
      </div>
    );
  }

  if (future.isError) {
    return (
      <div role="alert" className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        <AlertCircle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div>
          <p className="font-semibold">Error loading future tasks</p>
          <p>{future.error.message}</p>
        </div>
      </div>
    );
  }

  if (groups.length === 0) {
    return (
      <div className="flex flex-col items-center py-12 text-center">
        <CalendarCheck2 className="size-10 text-muted-foreground" aria-hidden="true" />
        <h3 className="mt-3 font-semibold">No Future Tasks</h3>
        <p className="mt-1 text-sm text-muted-foreground">Nothing is planned for the next 30 days, and nothing is waiting unscheduled.</p>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      {groups.map(([date, tasks]) => (
        <FutureTaskGroup
          key={date ?? "unscheduled"}
          heading={date === null ? "Unscheduled Tasks" : futureGroupHeading(date, today)}
          isOverdue={date !== null && date < today}
          tasks={tasks}
          today={today}
          onMoveToToday={onMoveToToday}
          onDraggingChange={onDraggingChange}
        />
      ))}
    </div>
  );
}

function FutureTaskGroup({
  heading,
  isOverdue,
  tasks,
  ...cardProps
}: { heading: string; isOverdue: boolean; tasks: Task[] } & FutureTaskListProps) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId} className={cn("mb-2 text-sm font-semibold", isOverdue ? "text-red-800" : "text-foreground")}>
        {heading} <span className="font-normal text-muted-foreground">({tasks.length})</span>
      </h3>
      <ul className="grid gap-2">
        {tasks.map((task) => (
          <FutureTaskCard key={task.id} task={task} {...cardProps} />
        ))}
      </ul>
    </section>
  );
}

const MOVE_BUTTON = "[data-move-to-today]";

/** Focus would otherwise fall to the page when the card leaves the list. */
function moveFocusAwayFrom(button: HTMLElement) {
  const panel = button.closest<HTMLElement>("[role='dialog']");
  if (!panel) return;
  const buttons = Array.from(panel.querySelectorAll<HTMLElement>(MOVE_BUTTON));
  const index = buttons.indexOf(button);
  (buttons[index + 1] ?? buttons[index - 1] ?? panel).focus();
}

const STATUS_BADGES: Record<TaskStatus, { label: string; variant: "secondary" | "outline" | "success" | "destructive" }> = {
  todo: { label: "To Do", variant: "outline" },
  inprogress: { label: "In Progress", variant: "secondary" },
  done: { label: "Done", variant: "success" },
  stalled: { label: "Stalled", variant: "destructive" },
};

function FutureTaskCard({ task, today, onMoveToToday, onDraggingChange }: { task: Task } & FutureTaskListProps) {
  const titleId = useId();
  const status = STATUS_BADGES[task.status];
  return (
    <li
      draggable
      data-task-id={task.id}
      onDragStart={(event) => {
        setTaskDragData(event.dataTransfer, task.id);
        // After the browser has taken its picture of the card: changing styles now would cancel the drag.
        setTimeout(() => onDraggingChange(true), 0);
      }}
      onDragEnd={() => onDraggingChange(false)}
      className="grid cursor-grab gap-2 rounded-lg border bg-card p-3 shadow-xs active:cursor-grabbing"
    >
      <div className="flex items-center gap-2">
        <GripVertical className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
        <Badge variant={status.variant}>{status.label}</Badge>
        <span
          className={cn("ml-auto text-xs font-medium", task.date !== null && task.date < today ? "text-red-800" : "text-muted-foreground")}
        >
          {futureDateLabel(task.date, today)}
        </span>
      </div>
      <p id={titleId} className="text-sm font-semibold">
        {task.title}
      </p>
      <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        {task.estimatedDuration ? (
          <span className="flex items-center gap-1">
            <Timer className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Estimate: </span>
            {formatDuration(task.estimatedDuration)}
          </span>
        ) : null}
        {task.recurrence ? (
          <span className="flex items-center gap-1">
            <Repeat className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Repeats: </span>
            {describeRecurrence(task.recurrence)}
          </span>
        ) : null}
        {task.goalId ? (
          <Badge variant="secondary" title={task.goalTitle ?? undefined}>
            <Target aria-hidden="true" />
            Goal
            {task.goalTitle ? <span className="sr-only">: {task.goalTitle}</span> : null}
          </Badge>
        ) : null}
      </div>
      <Button
        size="sm"
        variant="outline"
        className="w-full"
        // Each button names its task (axe: no two buttons with one name); the visible text comes first.
        aria-label={`Move to Today: ${task.title}`}
        data-move-to-today=""
        onClick={(event) => {
          moveFocusAwayFrom(event.currentTarget);
          onMoveToToday(task);
        }}
      >
        <ArrowLeftToLine aria-hidden="true" />
        Move to Today
      </Button>
    </li>
  );
}
