import { CalendarClock, ChevronLeft, ChevronRight, Plus, Sunset, Undo2 } from "lucide-react";
import { useId } from "react";
import { addDays } from "../../../../shared/rules/dates.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { useDocumentTitle } from "../../../hooks/use-document-title.ts";
import { shortDateLabel } from "../lib/day-labels.ts";

interface DayHeaderProps {
  viewedDate: string;
  isToday: boolean;
  onNavigate: (date: string) => void;
  onGoToToday: () => void;
  /** On a closed day, total counts the tasks its close moved on (src/shared/rules/day-history.ts). */
  counts: { done: number; total: number } | null;
  /** The day's tasks not done, which End Day would handle. */
  unfinished: number;
  isUnavailable?: boolean;
  rolledOver: number;
  onOpenFutureTasks: () => void;
  onAddTask: () => void;
  onOpenWrapUp: () => void;
  /** A day to come cannot be ended yet (decision 020). */
  isFuture: boolean;
}

export function DayHeader({
  viewedDate,
  isToday,
  onNavigate,
  onGoToToday,
  counts,
  unfinished,
  isUnavailable = false,
  rolledOver,
  onOpenFutureTasks,
  onAddTask,
  onOpenWrapUp,
  isFuture,
}: DayHeaderProps) {
  const heading = isToday ? "Today" : shortDateLabel(viewedDate);
  const wrapUpReasonId = useId();
  useDocumentTitle(heading);
  return (
    // One row below sm too, the buttons as icons named by their text, so the board starts high.
    <div className="mb-4 flex items-start justify-between gap-2 sm:gap-4">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-2 sm:gap-x-3">
          <nav aria-label="Day" className="flex items-center gap-1">
            <Button variant="outline" size="icon-sm" aria-label="Previous day" onClick={() => onNavigate(addDays(viewedDate, -1))}>
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Button variant="outline" size="icon-sm" aria-label="Next day" onClick={() => onNavigate(addDays(viewedDate, 1))}>
              <ChevronRight aria-hidden="true" />
            </Button>
            {isToday ? null : (
              // The spec's 'Today' button, worded as the action it is.
              <Button variant="outline" size="sm" className="h-8 max-sm:w-8 max-sm:px-0 sm:ml-1" onClick={onGoToToday}>
                <Undo2 aria-hidden="true" />
                <span className="max-sm:sr-only">Back to today</span>
              </Button>
            )}
          </nav>
          <h1 className="text-xl font-bold tracking-tight sm:text-3xl sm:leading-10">{heading}</h1>
        </div>
        <div className="mt-1.5 flex h-5 items-center text-sm text-muted-foreground">
          {counts ? (
            <p>
              {counts.done}/{counts.total} completed
              {rolledOver > 0 ? <span className="text-amber-900"> ({rolledOver} rolled over)</span> : null}
            </p>
          ) : isUnavailable ? null : (
            <Skeleton className="h-4 w-28" />
          )}
        </div>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1.5">
        <div className="flex items-center gap-1 sm:flex-wrap sm:gap-2">
          <Button variant="outline" className="max-sm:size-9 max-sm:px-0" onClick={onOpenFutureTasks}>
            <CalendarClock aria-hidden="true" />
            <span className="max-sm:sr-only">Future Tasks</span>
          </Button>
          <Button className="max-sm:size-9 max-sm:px-0" onClick={onAddTask}>
            <Plus aria-hidden="true" />
            <span className="max-sm:sr-only">Add Task</span>
          </Button>
          {/* Until the day has loaded: the wrap-up sums up that day's tasks. */}
          <Button
            variant="outline"
            className="max-sm:h-9 max-sm:px-3"
            onClick={onOpenWrapUp}
            disabled={!counts || isFuture}
            aria-describedby={isFuture ? wrapUpReasonId : undefined}
          >
            <Sunset aria-hidden="true" className="max-sm:hidden" />
            End Day ({counts ? unfinished : 0})
          </Button>
        </div>
        {isFuture ? (
          <p id={wrapUpReasonId} className="text-sm text-muted-foreground max-sm:max-w-48 max-sm:text-right max-sm:text-xs">
            This day has not begun: you can end it once it has.
          </p>
        ) : null}
      </div>
    </div>
  );
}
