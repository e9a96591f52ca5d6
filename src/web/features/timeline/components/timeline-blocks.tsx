import { useDraggable } from "@dnd-kit/core";
import { CheckCircle2, GripVertical, Repeat } from "lucide-react";
import { type KeyboardEvent, type LiHTMLAttributes, type Ref, memo } from "react";
import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { cn } from "../../../lib/utils.ts";
import { type Span, blockBox, goalColour, minutesToTime, type Placed } from "../lib/timeline-layout.ts";

export const STATUS_LABELS: Record<Task["status"], string> = {
  todo: "To Do",
  inprogress: "In Progress",
  done: "Done",
  stalled: "Stalled",
};

const BLOCK_BY_STATUS: Record<Task["status"], string> = {
  todo: "border-indigo-200 bg-indigo-50 text-indigo-950",
  inprogress: "border-amber-300 bg-amber-50 text-amber-950",
  done: "border-slate-200 bg-slate-50 text-slate-600",
  stalled: "border-red-300 bg-red-50 text-red-950",
};

export function spanLabel(span: Span): string {
  return `${formatTime12h(minutesToTime(span.start))} – ${formatTime12h(minutesToTime(Math.min(span.end, 1439)))}`;
}

/** Props alike to one level down: the model draws new spans for unchanged blocks, and a drag step should re-render only its block. */
function sameProps<P extends object>(a: P, b: P): boolean {
  const same = (x: unknown, y: unknown) =>
    Object.is(x, y) ||
    (typeof x === "object" &&
      typeof y === "object" &&
      x !== null &&
      y !== null &&
      Object.keys(x).length === Object.keys(y).length &&
      Object.entries(x).every(([key, value]) => Object.is(value, (y as Record<string, unknown>)[key])));
  return Object.keys(a).length === Object.keys(b).length && Object.keys(a).every((key) => same(a[key as keyof P], b[key as keyof P]));
}

/** A task's or an event's box in the grid: its place and width among overlapping blocks, and its colour on the left. */
function GridBlock({
  span,
  placed,
  colour,
  className,
  ref,
  ...rest
}: { span: Span; placed: Placed | undefined; colour: string | null; ref?: Ref<HTMLLIElement> } & Omit<
  LiHTMLAttributes<HTMLLIElement>,
  "style"
>) {
  const box = blockBox(span, placed);
  return (
    <li
      ref={ref}
      {...rest}
      className={cn("absolute overflow-hidden rounded-md border border-l-4 text-xs", className)}
      style={{ top: box.top, height: box.height, left: box.left, width: box.width, borderLeftColor: colour ?? undefined }}
    />
  );
}

export interface HandleProps {
  instructionsId: string;
  onHandleKeyDown: (event: KeyboardEvent, task: Task) => void;
  onHandleBlur: () => void;
}

export const TaskBlock = memo(function TaskBlock({
  task,
  span,
  placed,
  isDragged,
  onOpen,
  handles,
}: {
  task: Task;
  span: Span;
  placed: Placed | undefined;
  isDragged: boolean;
  onOpen: (task: Task) => void;
  handles: HandleProps;
}) {
  const isDone = task.status === "done";
  // A completed task stays where it was done.
  const { setNodeRef: setMoveNode, listeners: moveListeners } = useDraggable({
    id: `move:${task.id}`,
    data: { task, kind: "move" },
    disabled: isDone,
  });
  const { setNodeRef: setResizeNode, listeners: resizeListeners } = useDraggable({
    id: `resize:${task.id}`,
    data: { task, kind: "resize" },
    disabled: isDone,
  });
  return (
    <GridBlock
      ref={setMoveNode}
      {...moveListeners}
      span={span}
      placed={placed}
      colour={goalColour(task.goalId)}
      data-testid="timeline-task"
      data-task-id={task.id}
      data-status={task.status}
      className={cn(
        "shadow-sm transition-opacity",
        BLOCK_BY_STATUS[task.status],
        !isDone && "cursor-grab active:cursor-grabbing",
        isDragged && "opacity-40",
      )}
    >
      <button
        type="button"
        data-drag-handle=""
        onClick={() => onOpen(task)}
        className="flex size-full items-start gap-1 px-1.5 py-0.5 pr-6 text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {isDone ? <CheckCircle2 className="mt-px size-3.5 shrink-0 text-green-700" aria-hidden="true" /> : null}
        <span className="min-w-0 flex-1">
          <span className={cn("block truncate font-semibold", isDone && "line-through decoration-slate-400")}>{task.title}</span>
          <span className="sr-only">, </span>
          <span className="block truncate opacity-80">
            {spanLabel(span)} · {STATUS_LABELS[task.status]}
            {task.goalTitle ? <span className="sr-only">, goal {task.goalTitle}</span> : null}
          </span>
        </span>
        {task.recurrence ? (
          <span title={describeRecurrence(task.recurrence)} className="mt-px shrink-0">
            <Repeat className="size-3.5" aria-hidden="true" />
            <span className="sr-only">, repeats</span>
          </span>
        ) : null}
      </button>
      {isDone ? null : (
        <>
          <button
            type="button"
            data-drag-handle=""
            data-timeline-handle={task.id}
            aria-label={`Move "${task.title}"`}
            aria-describedby={handles.instructionsId}
            onKeyDown={(event) => handles.onHandleKeyDown(event, task)}
            onBlur={handles.onHandleBlur}
            className="absolute top-0 right-0 flex size-6 items-center justify-center rounded text-current opacity-70 hover:bg-black/5 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <GripVertical className="size-3.5" aria-hidden="true" />
          </button>
          <div
            ref={setResizeNode}
            {...resizeListeners}
            aria-hidden="true"
            data-drag-handle=""
            data-testid="timeline-resize"
            title="Drag to change the length"
            className="absolute inset-x-0 bottom-0 h-1.5 cursor-ns-resize touch-none hover:bg-indigo-300/60"
          />
        </>
      )}
    </GridBlock>
  );
}, sameProps);

export const EventBlock = memo(function EventBlock({
  event,
  span,
  placed,
  colour,
}: {
  event: CalendarEvent;
  span: Span;
  placed: Placed | undefined;
  colour: string;
}) {
  return (
    <GridBlock
      span={span}
      placed={placed}
      colour={colour}
      data-testid="timeline-event"
      title={event.title}
      className={cn(
        "px-1.5 py-0.5",
        event.busy ? "border-slate-300 bg-slate-200/80 text-slate-900" : "border-dashed border-slate-400 bg-transparent text-slate-700",
      )}
    >
      <span className="block truncate font-medium">{event.title}</span>
      <span className="block truncate opacity-80">
        {spanLabel(span)} · {event.busy ? "Busy" : "Free"}
      </span>
    </GridBlock>
  );
}, sameProps);

export function GhostBlock({ task, span, ref }: { task: Task; span: Span; ref?: Ref<HTMLDivElement> }) {
  const box = blockBox(span);
  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="timeline-ghost"
      className="pointer-events-none absolute z-10 rounded-md border-2 border-dashed border-indigo-500 bg-indigo-100/70 px-1.5 py-0.5 text-xs font-semibold text-indigo-950"
      style={{ top: box.top, height: box.height, left: 0, right: 0 }}
    >
      <span className="block truncate">{task.title}</span>
      <span className="block truncate font-normal">{spanLabel(span)}</span>
    </div>
  );
}

export const ListedTask = memo(function ListedTask({
  task,
  isDragged,
  onOpen,
  handles,
}: {
  task: Task;
  isDragged: boolean;
  onOpen: (task: Task) => void;
  handles: HandleProps;
}) {
  const { setNodeRef: setMoveNode, listeners: moveListeners } = useDraggable({ id: `move:${task.id}`, data: { task, kind: "move" } });
  const colour = goalColour(task.goalId);
  return (
    <li
      ref={setMoveNode}
      {...moveListeners}
      data-testid="timeline-unscheduled"
      data-task-id={task.id}
      className={cn(
        "flex cursor-grab items-center gap-1 rounded-md border border-l-4 bg-card text-sm shadow-sm active:cursor-grabbing",
        isDragged && "opacity-40",
      )}
      style={{ borderLeftColor: colour ?? undefined }}
    >
      <button
        type="button"
        data-drag-handle=""
        data-timeline-handle={task.id}
        aria-label={`Move "${task.title}"`}
        aria-describedby={handles.instructionsId}
        onKeyDown={(event) => handles.onHandleKeyDown(event, task)}
        onBlur={handles.onHandleBlur}
        className="ml-0.5 flex size-7 shrink-0 items-center justify-center rounded text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <GripVertical className="size-4" aria-hidden="true" />
      </button>
      <button
        type="button"
        data-drag-handle=""
        onClick={() => onOpen(task)}
        className="min-w-0 flex-1 py-1.5 pr-2 text-left focus-visible:outline-2 focus-visible:outline-ring"
      >
        <span className="block truncate font-medium">{task.title}</span>
        <span className="flex items-center gap-1 text-xs text-muted-foreground">
          {task.estimatedDuration ? `${task.estimatedDuration} min` : "No estimate"}
          {task.recurrence ? (
            <>
              <Repeat className="size-3" aria-hidden="true" />
              <span className="sr-only">, repeats</span>
            </>
          ) : null}
        </span>
      </button>
    </li>
  );
}, sameProps);
