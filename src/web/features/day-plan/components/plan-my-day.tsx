import { CalendarClock, Loader2, X } from "lucide-react";
import { useCallback, useId, useState } from "react";
import type { DayPlanResponse } from "../../../../shared/api/day-plan.ts";
import { addDays } from "../../../../shared/rules/dates.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { useOnline } from "../../../lib/online.ts";
import { LazyProposalCard, markArrival, type ProposalRef, toProposalRef } from "../../ai-chat/index.ts";
import { useUpdateTask } from "../../tasks/index.ts";
import { usePlanDay } from "../api/plan-day.ts";

export const PLAN_MY_DAY_LABEL = "Plan my day";
const PLAN_ERROR = "Could not plan the day";

export interface PlanMyDay {
  /** Asks for a plan of `date`; the panel shows it. */
  plan(): void;
  isPending: boolean;
  panel: React.ReactNode;
}

/** The button's state and the panel it fills: the proposal card, then what does not fit with 'Move to tomorrow'. */
export function usePlanMyDay(date: string): PlanMyDay {
  const planDay = usePlanDay();
  const [shown, setShown] = useState<{ date: string; answer: DayPlanResponse; ref: ProposalRef | null } | null>(null);
  const plan = useCallback(() => {
    void LazyProposalCard.preload();
    planDay.mutate(date, {
      onSuccess: (answer) => {
        if (answer.proposal) markArrival(answer.proposal.id);
        setShown({ date, answer, ref: answer.proposal ? toProposalRef(answer.proposal) : null });
      },
    });
  }, [date, planDay]);
  const close = useCallback(() => {
    setShown(null);
    planDay.reset();
  }, [planDay]);
  const keepState = useCallback((ref: ProposalRef) => setShown((current) => (current ? { ...current, ref } : current)), []);

  let panel: React.ReactNode = null;
  if (planDay.isError) {
    panel = (
      <PanelFrame onClose={close}>
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {getErrorMessage(planDay.error, PLAN_ERROR)}
        </p>
      </PanelFrame>
    );
  } else if (shown && shown.date === date) {
    panel = (
      <PanelFrame onClose={close}>
        {shown.ref ? (
          <LazyProposalCard proposal={shown.ref} onStateChange={keepState} />
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {shown.answer.unplaced.length === 0 ? "Every task of this day already has a time." : "No task fits in the free time left."}
          </p>
        )}
        <Unplaced unplaced={shown.answer.unplaced} date={date} />
      </PanelFrame>
    );
  }
  return { plan, isPending: planDay.isPending, panel };
}

function PanelFrame({ onClose, children }: { onClose: () => void; children: React.ReactNode }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <h2 id={titleId} className="flex items-center gap-2 text-sm font-semibold">
          <CalendarClock className="size-4" aria-hidden="true" />
          {PLAN_MY_DAY_LABEL}
        </h2>
        <Button variant="ghost" size="icon" aria-label="Close the plan" onClick={onClose}>
          <X aria-hidden="true" />
        </Button>
      </div>
      {children}
    </section>
  );
}

function Unplaced({ unplaced, date }: { unplaced: DayPlanResponse["unplaced"]; date: string }) {
  const updateTask = useUpdateTask();
  const [moved, setMoved] = useState<ReadonlySet<string>>(new Set());
  if (unplaced.length === 0) return null;
  const moveToTomorrow = (taskId: string, title: string) => {
    setMoved((current) => new Set(current).add(taskId));
    updateTask.mutate(
      { id: taskId, title, patch: { date: addDays(date, 1) } },
      { onError: () => setMoved((current) => new Set([...current].filter((id) => id !== taskId))) },
    );
  };
  return (
    <div className="grid gap-2">
      <h3 className="text-sm font-medium">Does not fit</h3>
      <ul className="grid gap-1.5">
        {unplaced.map((task) => (
          <li key={task.taskId} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border px-3 py-2 text-sm">
            <span className="min-w-0">
              <span className="font-medium break-words">{task.title}</span>
              <span className="text-muted-foreground"> · {task.reason}</span>
            </span>
            {moved.has(task.taskId) ? (
              <span className="text-xs text-muted-foreground">Moved to tomorrow</span>
            ) : (
              <Button variant="outline" size="sm" onClick={() => moveToTomorrow(task.taskId, task.title)}>
                Move to tomorrow
              </Button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The Today page's button; offline it says why it cannot run. */
export function PlanMyDayButton({ planMyDay }: { planMyDay: PlanMyDay }) {
  const isOnline = useOnline();
  const reasonId = useId();
  return (
    <div className="flex items-center gap-2">
      {isOnline ? null : <NeedsConnection id={reasonId} className="hidden sm:flex" />}
      <Button
        variant="outline"
        size="sm"
        onClick={planMyDay.plan}
        disabled={!isOnline || planMyDay.isPending}
        aria-describedby={isOnline ? undefined : reasonId}
      >
        {planMyDay.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <CalendarClock aria-hidden="true" />}
        {PLAN_MY_DAY_LABEL}
      </Button>
    </div>
  );
}
