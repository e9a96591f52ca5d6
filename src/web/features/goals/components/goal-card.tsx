import { CalendarClock, CalendarPlus, Pencil, Plus, Sparkles } from "lucide-react";
import { useId } from "react";
import type { Goal } from "../../../../shared/api/goals.ts";
import { daysBetween, todayInZone } from "../../../../shared/rules/dates.ts";
import { isGoalOverdue } from "../../../../shared/rules/goal-progress.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card } from "../../../components/ui/card.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useOnline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { formatCalendarDay, formatInstantDay, NO_TARGET_DATE_TEXT } from "../lib/goal-dates.ts";
import { GoalProgress } from "./goal-progress.tsx";
import { GoalStatusBadge, GoalStatusIcon } from "./goal-status.tsx";

interface GoalCardProps {
  goal: Goal;
  timeZone: string;
  onAddTask(goal: Goal): void;
  onEdit(goal: Goal): void;
  onBreakDown(goal: Goal): void;
}

// An <article> named by its title, so each card can be found and read alone.
const cardClassName = "rounded-lg border bg-card text-card-foreground shadow-sm";

// Each card as tall as its own content: lined up with its row's tallest, a short card had holes.
const cardLayoutClassName = "flex flex-col gap-4 p-5";

function overdueText(daysPast: number): string {
  return daysPast === 1 ? "passed yesterday" : `passed ${daysPast} days ago`;
}

export function goalCardElementId(goalId: string): string {
  return `goal-${goalId}`;
}

export function GoalCard({ goal, timeZone, onAddTask, onEdit, onBreakDown }: GoalCardProps) {
  const titleId = useId();
  const offlineId = useId();
  const isOnline = useOnline();
  const today = todayInZone(new Date(), timeZone);
  const isOverdue = isGoalOverdue(goal, today);
  return (
    // The id is the target of a goal-deadline notification's click (/goals#goal-<id>), which focuses the card.
    <article
      id={goalCardElementId(goal.id)}
      tabIndex={-1}
      aria-labelledby={titleId}
      className={cn(cardClassName, cardLayoutClassName, "scroll-mt-24 outline-none focus-visible:ring-2 focus-visible:ring-ring")}
    >
      <div className="flex items-start gap-3">
        <GoalStatusIcon status={goal.status} />
        <div className="grid min-w-0 flex-1 gap-1.5">
          <h2 id={titleId} className="text-base leading-snug font-semibold wrap-anywhere">
            {goal.title}
          </h2>
          <div className="flex flex-wrap gap-1.5">
            <GoalStatusBadge status={goal.status} />
            {isOverdue ? <Badge variant="destructive">Overdue</Badge> : null}
          </div>
        </div>
      </div>

      {/* Long descriptions are clamped on the card (the Edit dialog shows them whole). */}
      {goal.description ? (
        <p className="line-clamp-3 text-sm wrap-anywhere whitespace-pre-line text-muted-foreground">{goal.description}</p>
      ) : null}

      <GoalProgress titleId={titleId} completedTasksCount={goal.completedTasksCount} totalTasksCount={goal.totalTasksCount} />

      <dl className="grid gap-1 text-sm text-muted-foreground">
        <div className="flex items-center gap-2">
          <CalendarClock className="size-4 shrink-0" aria-hidden="true" />
          {goal.targetDate ? (
            <>
              <dt>Target:</dt>
              <dd className={isOverdue ? "font-medium text-red-700" : "text-foreground"}>
                <time dateTime={goal.targetDate}>{formatCalendarDay(goal.targetDate)}</time>
                {isOverdue ? ` · ${overdueText(daysBetween(goal.targetDate, today))}` : null}
              </dd>
            </>
          ) : (
            <>
              <dt className="sr-only">Target:</dt>
              <dd>{NO_TARGET_DATE_TEXT}</dd>
            </>
          )}
        </div>
        <div className="flex items-center gap-2">
          <CalendarPlus className="size-4 shrink-0" aria-hidden="true" />
          <dt>Created:</dt>
          <dd>
            <time dateTime={goal.createdAt}>{formatInstantDay(goal.createdAt, timeZone)}</time>
          </dd>
        </div>
      </dl>

      <div className="flex flex-wrap gap-2 border-t pt-4">
        <Button variant="outline" size="sm" aria-describedby={titleId} onClick={() => onAddTask(goal)}>
          <Plus aria-hidden="true" />
          Add Task
        </Button>
        <Button variant="ghost" size="sm" aria-describedby={titleId} onClick={() => onEdit(goal)}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={!isOnline}
          aria-describedby={isOnline ? titleId : `${titleId} ${offlineId}`}
          onClick={() => onBreakDown(goal)}
        >
          <Sparkles aria-hidden="true" />
          Break Down
        </Button>
        {!isOnline && <NeedsConnection id={offlineId} className="basis-full" />}
      </div>
    </article>
  );
}

export function GoalCardSkeleton() {
  return (
    <Card aria-hidden="true" className={cardLayoutClassName}>
      <div className="flex items-start gap-3">
        <Skeleton className="size-10 shrink-0 rounded-lg" />
        <div className="grid flex-1 gap-1.5">
          <Skeleton className="h-[1.375rem] w-3/5 rounded" />
          <Skeleton className="h-[1.375rem] w-16 rounded-full" />
        </div>
      </div>
      <div className="grid gap-1.5">
        <Skeleton className="h-3.5 w-full rounded" />
        <Skeleton className="h-3.5 w-2/3 rounded" />
      </div>
      <div className="grid gap-2">
        <Skeleton className="h-5 rounded" />
        <Skeleton className="h-2 rounded-full" />
        <Skeleton className="h-5 w-1/3 rounded" />
      </div>
      <div className="grid gap-1">
        <Skeleton className="h-5 w-1/2 rounded" />
        <Skeleton className="h-5 w-1/2 rounded" />
      </div>
      <div className="flex gap-2 border-t pt-4">
        <Skeleton className="h-8 w-24 rounded-md" />
        <Skeleton className="h-8 w-16 rounded-md" />
      </div>
    </Card>
  );
}
