import { formatDistanceToNow } from "date-fns";
import { RotateCcw } from "lucide-react";
import { type ComponentProps, type Ref, memo, useId } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration, formatTime12h } from "../../../../shared/rules/format.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { cn } from "../../../lib/utils.ts";
import { TaskIcon } from "./task-icons.tsx";
import { InProgressTiming, StartDelayNote } from "./task-timing.tsx";

export interface TaskCardActions {
  onEdit: (task: Task) => void;
  onDelete: (task: Task) => void;
  onResume: (task: Task) => void;
  onComplete: (task: Task) => void;
  /** Opens the choice of another day (or none) for the task. */
  onMoveToDay: (task: Task) => void;
}

export interface DragHandleProps extends ComponentProps<"button"> {
  ref?: Ref<HTMLButtonElement>;
}

interface TaskCardProps {
  task: Task;
  timeZone: string;
  actions: TaskCardActions;
  dragHandle?: DragHandleProps;
  className?: string;
}

// Class names worked out once, not per card, and the card memoized: a board may hold hundreds of cards.
const ICON_BUTTON = cn(buttonVariants({ variant: "ghost", size: "icon-sm" }));
const COMPLETE_BUTTON = cn(ICON_BUTTON, "rounded-full text-slate-500 hover:bg-green-50 hover:text-green-700");
const DELETE_BUTTON = cn(ICON_BUTTON, "hover:bg-red-50 hover:text-red-700");
const RESUME_BUTTON = cn(buttonVariants({ variant: "destructive", size: "sm" }), "w-full");
const HANDLE =
  "-ml-1 flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing";
const CARD = "grid gap-2 rounded-lg border bg-card p-3 text-card-foreground shadow-sm";
const CARD_BY_STATUS: Record<Task["status"], string> = {
  todo: CARD,
  inprogress: CARD,
  done: `${CARD} bg-slate-50`,
  stalled: `${CARD} border-red-300 bg-red-50`,
};

function workSessionsText(count: number): string {
  return count === 1 ? "1 work session" : `${count} work sessions`;
}

function RepeatNote({ rule }: { rule: string }) {
  const words = describeRecurrence(rule);
  return (
    <span className="flex items-center gap-1" title={words} data-testid="task-repeat">
      <TaskIcon name="repeat" className="size-3.5" />
      <span className="sr-only">Repeats: {words}</span>
    </span>
  );
}

function ChecklistCount({ items }: { items: Task["checklist"] }) {
  const done = items.filter((item) => item.done).length;
  return (
    <span className="flex items-center gap-1" data-testid="task-checklist-count">
      <TaskIcon name="list-checks" className="size-3.5" />
      <span aria-hidden="true">
        {done}/{items.length}
      </span>
      <span className="sr-only">
        {done} of {items.length} {items.length === 1 ? "step" : "steps"} done
      </span>
    </span>
  );
}

export const TaskCard = memo(function TaskCard({ task, timeZone, actions, dragHandle, className }: TaskCardProps) {
  const titleId = useId();
  const isDone = task.status === "done";
  const isStalled = task.status === "stalled";
  return (
    <article
      aria-labelledby={titleId}
      data-status={task.status}
      className={className ? cn(CARD_BY_STATUS[task.status], className) : CARD_BY_STATUS[task.status]}
    >
      <div className="flex items-start gap-1">
        {dragHandle ? (
          <button type="button" data-drag-handle="" aria-label={`Move "${task.title}"`} className={HANDLE} {...dragHandle}>
            <TaskIcon name="grip" />
          </button>
        ) : null}
        {isDone ? null : (
          <button
            type="button"
            className={COMPLETE_BUTTON}
            aria-label={`Complete "${task.title}"`}
            onClick={() => actions.onComplete(task)}
          >
            <TaskIcon name="circle" className="size-5" />
          </button>
        )}
        {/* At most 3 lines on the board; the whole title is the card's name, the tooltip and the Edit dialog's. */}
        <h3 id={titleId} title={task.title} className="line-clamp-3 min-w-0 flex-1 pt-1.5 text-sm leading-snug font-semibold wrap-anywhere">
          {isDone ? (
            <>
              <TaskIcon name="check" className="mr-1 inline size-4 -translate-y-px text-green-700" />
              <span className="sr-only">Done:</span>{" "}
            </>
          ) : null}
          <span className={isDone ? "text-muted-foreground line-through decoration-slate-400" : undefined}>{task.title}</span>
        </h3>
      </div>

      {task.description ? <p className="line-clamp-3 text-sm wrap-anywhere text-muted-foreground">{task.description}</p> : null}

      {task.goalTitle ? (
        <p className="flex min-w-0 items-center gap-1.5 text-xs font-medium text-indigo-800">
          <TaskIcon name="target" className="size-3.5" />
          <span className="sr-only">Goal:</span> <span className="truncate">{task.goalTitle}</span>
        </p>
      ) : null}

      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted-foreground">
        <span className="flex items-center gap-1">
          <TaskIcon name="clock" className="size-3.5" />
          <span className="sr-only">Scheduled:</span> {formatTime12h(task.scheduledStartTime)}
        </span>
        {task.estimatedDuration ? (
          <span className="flex items-center gap-1">
            <TaskIcon name="timer" className="size-3.5" />
            <span className="sr-only">Estimate:</span> {formatDuration(task.estimatedDuration)}
          </span>
        ) : null}
        {task.checklist.length > 0 ? <ChecklistCount items={task.checklist} /> : null}
        {task.recurrence ? <RepeatNote rule={task.recurrence} /> : null}
      </p>

      {isStalled ? (
        <button type="button" className={RESUME_BUTTON} onClick={() => actions.onResume(task)} aria-describedby={titleId}>
          <RotateCcw aria-hidden="true" />
          Stalled - Click to resume
        </button>
      ) : null}
      {task.status === "inprogress" ? <InProgressTiming task={task} /> : null}

      <StartDelayNote task={task} timeZone={timeZone} />

      {/* The actions below the details: the title keeps the card's width, a narrow column's too. */}
      <div className="-mb-1 flex items-end gap-1">
        <p className="flex min-w-0 flex-1 flex-wrap gap-x-3 gap-y-1 pb-1.5 text-xs text-muted-foreground">
          {task.workSessionCount > 0 ? <span>{workSessionsText(task.workSessionCount)}</span> : null}
          <span>Created {formatDistanceToNow(new Date(task.createdAt), { addSuffix: true })}</span>
        </p>
        <button type="button" className={ICON_BUTTON} aria-label={`Edit "${task.title}"`} onClick={() => actions.onEdit(task)}>
          <TaskIcon name="pencil" />
        </button>
        <button
          type="button"
          className={ICON_BUTTON}
          aria-label={`Move "${task.title}" to another day`}
          aria-haspopup="dialog"
          onClick={() => actions.onMoveToDay(task)}
        >
          <TaskIcon name="calendar-move" />
        </button>
        <button type="button" className={DELETE_BUTTON} aria-label={`Delete "${task.title}"`} onClick={() => actions.onDelete(task)}>
          <TaskIcon name="trash" />
        </button>
      </div>
    </article>
  );
});
