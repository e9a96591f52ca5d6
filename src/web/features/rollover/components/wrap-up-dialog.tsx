import { CheckCircle2, Clock, Eye, Info, Loader2, Target } from "lucide-react";
import { type ReactNode, useId, useMemo, useRef, useState } from "react";
import type { RolloverSummary } from "../../../../shared/api/rollover.ts";
import { REFLECTION_REASONS, type ReflectionReason, type RolloverAction } from "../../../../shared/api/rollover-limits.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { tasksLeftToRollOver, wrapUpFigures } from "../../../../shared/rules/rollover.ts";
import { completionRate } from "../../../../shared/rules/workload.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { FormError } from "../../../components/ui/form-error.tsx";
import { FormDialogFooter } from "../../../components/ui/form-dialog-footer.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { isOffline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { fullDateLabel, useTimeZone, weekdayDateLabel } from "../../tasks/index.ts";
import { useRolloverSummary } from "../api/get-rollover-summary.ts";
import { usePreviewRollover } from "../api/preview-rollover.ts";
import { useTriggerRollover } from "../api/trigger-rollover.ts";
import { WRAP_UP_GOAL_PROGRESS, formatHours } from "../lib/wrap-up-figures.ts";
import {
  LISTED_INCOMPLETE_TASKS,
  REFLECTION_REASON_LABELS,
  moreTasksLabel,
  rolloverActionLabel,
  wrapUpDayLabels,
} from "../lib/wrap-up-labels.ts";

export interface WrapUpDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  date: string;
  today: string;
  tasks: readonly Task[];
}

export function WrapUpDialog({ open, onOpenChange, date, today, tasks }: WrapUpDialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        ref={contentRef}
        className="max-w-xl grid-cols-1"
        // Focused on the first reason, that reason would look chosen.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          contentRef.current?.focus();
        }}
      >
        <WrapUp date={date} today={today} tasks={tasks} onDone={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}

function StepsDone({ task }: { task: Task }) {
  const done = task.checklist.filter((item) => item.done).length;
  if (done === 0) return null;
  return (
    <span className="shrink-0 text-xs text-muted-foreground">
      <span className="sr-only">, </span>
      {done} of {task.checklist.length} steps
    </span>
  );
}

function WrapUp({ date, today, tasks, onDone }: { date: string; today: string; tasks: readonly Task[]; onDone: () => void }) {
  // Null (the day was never rolled over) is the usual answer: only a found summary is shown.
  const rolledOver = useRolloverSummary(date);
  const current = useMemo(() => wrapUpFigures(tasks), [tasks]);
  // A rolled-over day's unfinished tasks have moved on: today's figures would read 0/0.
  const figures = rolledOver.data ?? current;
  // A rolled-over day moves on only the unfinished tasks no rollover of it handled (decision 020).
  const incomplete = useMemo(
    () => (rolledOver.data ? tasksLeftToRollOver(tasks, rolledOver.data) : tasks.filter((task) => task.status !== "done")),
    [tasks, rolledOver.data],
  );
  const labels = wrapUpDayLabels(date, today);
  const [chosenReasons, setReasons] = useState<ReadonlySet<ReflectionReason> | null>(null);
  // Until the person picks, a rolled-over day shows the reasons it was rolled over with.
  const reasons = chosenReasons ?? new Set(rolledOver.data?.reflectionReasons ?? []);
  const preview = usePreviewRollover();
  const trigger = useTriggerRollover();
  const timeZone = useTimeZone();
  const ids = { summary: useId(), reflection: useId(), question: useId(), rollover: useId(), preview: useId(), previewHeading: useId() };
  const isNothingLeft = incomplete.length === 0;

  function toggleReason(reason: ReflectionReason) {
    const next = new Set(reasons);
    if (next.has(reason)) next.delete(reason);
    else next.add(reason);
    setReasons(next);
  }

  function triggerRollover() {
    if (trigger.isPending) return;
    const reflectionReasons = REFLECTION_REASONS.filter((reason) => reasons.has(reason));
    if (isOffline()) {
      // Queued like any change: the server rolls over the day when it arrives, so no summary is shown before then.
      trigger.mutate({ date, reflectionReasons });
      toast({ title: "Wrap-up waiting to sync", description: `${weekdayDateLabel(date)} is completed once you are back online.` });
      onDone();
      return;
    }
    trigger.mutate(
      { date, reflectionReasons },
      {
        onSuccess: (summary) => {
          toast({ title: "Day completed", description: summaryLine(summary, rolledOver.data ?? undefined) });
          onDone();
        },
      },
    );
  }

  return (
    <>
      <DialogHeader>
        <DialogTitle>Daily Wrap-up</DialogTitle>
        <DialogDescription>{fullDateLabel(date)}</DialogDescription>
      </DialogHeader>

      {rolledOver.data ? (
        <p className="flex items-start gap-2 rounded-md border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          This day was completed at {rolledOverAtLabel(rolledOver.data.createdAt, timeZone)};{" "}
          {isNothingLeft
            ? "completing it again changes nothing."
            : `completing it again handles the ${incomplete.length} unfinished ${incomplete.length === 1 ? "task" : "tasks"} added since.`}
        </p>
      ) : null}

      <section aria-labelledby={ids.summary} className="grid min-w-0 grid-cols-1 gap-3">
        <h3 id={ids.summary} className="font-semibold">
          {labels.summary}
        </h3>
        <dl className="grid grid-cols-3 gap-2 max-[359px]:grid-cols-1">
          <SummaryStat icon={<CheckCircle2 className="text-green-700" />} label="Completed">
            <span className="block">
              {figures.completedCount}/{figures.totalCount}
            </span>
            <span className="block text-xs font-normal text-muted-foreground">
              {completionRate(figures.totalCount, figures.completedCount)}%
            </span>
            {rolledOver.data ? (
              <span className="block text-xs font-normal text-amber-900">
                {rolledOver.data.rolledOverCount + rolledOver.data.stalledCount + rolledOver.data.deferredCount} rolled over
              </span>
            ) : null}
          </SummaryStat>
          <SummaryStat icon={<Clock className="text-indigo-600" />} label="Actual / planned">
            <span className="block">{formatHours(figures.actualMinutes)}</span>
            <span className="block text-xs font-normal text-muted-foreground">of {formatHours(figures.plannedMinutes)} planned</span>
          </SummaryStat>
          <SummaryStat icon={<Target className="text-amber-700" />} label="Goal progress">
            <span className="block text-green-800">{WRAP_UP_GOAL_PROGRESS}</span>
          </SummaryStat>
        </dl>
      </section>

      <section aria-labelledby={ids.reflection} className="grid min-w-0 grid-cols-1 gap-2">
        <h3 id={ids.reflection} className="font-semibold">
          Quick Reflection <span className="text-sm font-normal text-muted-foreground">(optional)</span>
        </h3>
        <p id={ids.question} className="text-sm text-muted-foreground">
          {labels.question}
        </p>
        <div role="group" aria-labelledby={ids.question} className="flex flex-wrap gap-2">
          {REFLECTION_REASONS.map((reason) => {
            const isPressed = reasons.has(reason);
            return (
              <Button
                key={reason}
                variant={isPressed ? "secondary" : "outline"}
                size="sm"
                aria-pressed={isPressed}
                onClick={() => toggleReason(reason)}
                className={cn("rounded-full", isPressed && "border border-indigo-300")}
              >
                {isPressed ? <CheckCircle2 aria-hidden="true" /> : null}
                {REFLECTION_REASON_LABELS[reason]}
              </Button>
            );
          })}
        </div>
      </section>

      <section aria-labelledby={ids.rollover} className="grid min-w-0 grid-cols-1 gap-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={ids.rollover} className="font-semibold">
            {labels.rollover}
          </h3>
          {isNothingLeft ? null : (
            <Button
              variant="outline"
              size="sm"
              onClick={() => preview.mutate({ date })}
              disabled={preview.isPending}
              aria-controls={ids.preview}
            >
              {preview.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Eye aria-hidden="true" />}
              Preview changes
            </Button>
          )}
        </div>
        {isNothingLeft ? (
          <p className="text-sm text-muted-foreground">
            {rolledOver.data ? "Nothing was added since: nothing moves on." : "Every task of the day is done: nothing moves on."}
          </p>
        ) : preview.data ? null : (
          <ul className="grid grid-cols-1 gap-1 text-sm">
            {incomplete.slice(0, LISTED_INCOMPLETE_TASKS).map((task) => (
              <li key={task.id} className="flex items-baseline gap-3 rounded-md bg-muted/70 px-3 py-1.5">
                <span className="min-w-0 flex-1 truncate" title={task.title}>
                  {task.title}
                </span>
                <StepsDone task={task} />
              </li>
            ))}
            {incomplete.length > LISTED_INCOMPLETE_TASKS ? (
              <li className="px-3 text-muted-foreground">{moreTasksLabel(incomplete.length - LISTED_INCOMPLETE_TASKS)}</li>
            ) : null}
          </ul>
        )}
        <div id={ids.preview} aria-live="polite">
          {preview.data ? (
            <div className="grid grid-cols-1 gap-1.5 rounded-lg border p-3">
              <h4 id={ids.previewHeading} className="text-sm font-medium">
                Preview
              </h4>
              {preview.data.tasks.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing would change.</p>
              ) : (
                <ul aria-labelledby={ids.previewHeading} className="grid grid-cols-1 gap-1.5 text-sm">
                  {preview.data.tasks.map((task) => (
                    <li key={task.id} className="flex items-center justify-between gap-3">
                      <span className="min-w-0 truncate" title={task.title}>
                        {task.title}
                      </span>
                      <ActionBadge action={task.recommendedAction} />
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ) : null}
        </div>
      </section>

      {trigger.isError ? <FormError className="px-3 py-2 text-red-900">{trigger.error.message}</FormError> : null}

      <FormDialogFooter
        cancelLabel="Skip for now"
        submitLabel={trigger.isPending ? "Processing..." : isNothingLeft ? "All done!" : "Complete Day"}
        onSubmit={triggerRollover}
        submitDisabled={trigger.isPending}
        isPending={trigger.isPending}
        icon={<CheckCircle2 aria-hidden="true" />}
      />
    </>
  );
}

function SummaryStat({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 rounded-lg bg-muted/70 px-3 py-2">
      {/* On a phone's narrow tiles the icon goes above, so the label breaks between words only. */}
      <dt className="flex flex-col items-start gap-1 text-xs leading-tight text-muted-foreground sm:flex-row sm:items-center sm:gap-1.5 [&_svg]:size-3.5 [&_svg]:shrink-0">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-1 text-lg leading-tight font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

const ACTION_BADGE_VARIANTS: Record<RolloverAction, "secondary" | "destructive" | "warning" | "outline"> = {
  rollover: "secondary",
  stall: "destructive",
  defer: "warning",
  skip: "outline",
  review: "outline",
};

function ActionBadge({ action }: { action: RolloverAction }) {
  return <Badge variant={ACTION_BADGE_VARIANTS[action] ?? "outline"}>{rolloverActionLabel(action)}</Badge>;
}

function rolledOverAtLabel(instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(new Date(instant));
}

type SummaryCounts = Pick<RolloverSummary, "rolledOverCount" | "stalledCount" | "deferredCount" | "reviewCount">;

/** Less the rollover before it, so a second one reports only what it did. */
function summaryLine(summary: SummaryCounts, before?: SummaryCounts): string {
  const parts = [
    [summary.rolledOverCount - (before?.rolledOverCount ?? 0), "rolled over"],
    [summary.stalledCount - (before?.stalledCount ?? 0), "marked stalled"],
    [summary.deferredCount - (before?.deferredCount ?? 0), "deferred"],
    [summary.reviewCount - (before?.reviewCount ?? 0), "to review"],
  ] as const;
  const said = parts.filter(([count]) => count > 0).map(([count, what]) => `${count} ${what}`);
  return said.length > 0 ? `${said.join(", ")}.` : "Nothing needed to move.";
}
