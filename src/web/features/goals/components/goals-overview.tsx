import { AlertCircle, Plus, RotateCw, Target } from "lucide-react";
import { useId, useState } from "react";
import type { Goal } from "../../../../shared/api/goals.ts";
import { PageHeader } from "../../../components/page-header.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { FETCH_GOALS_ERROR, useGoals } from "../api/get-goals.ts";
import { GoalCard, GoalCardSkeleton } from "./goal-card.tsx";
import { GoalFormDialog } from "./lazy-goal-form-dialog.ts";

const gridClassName = "grid items-start gap-4 md:grid-cols-2 xl:grid-cols-3";
const SKELETON_CARDS = 3;

interface GoalsOverviewProps {
  timeZone: string;
  onAddTask(goal: Goal): void;
  onBreakDown(goal: Goal): void;
}

export function GoalsOverview({ timeZone, onAddTask, onBreakDown }: GoalsOverviewProps) {
  const goals = useGoals();
  const [form, setForm] = useState<{ open: boolean; goal: Goal | null }>({ open: false, goal: null });

  const openCreate = () => setForm({ open: true, goal: null });
  const openEdit = (goal: Goal) => setForm({ open: true, goal });

  return (
    <>
      <PageHeader
        title="Goals"
        description={<GoalCounts goals={goals.data} isLoading={goals.isPending} />}
        actions={
          <Button onClick={openCreate}>
            <Plus aria-hidden="true" />
            New Goal
          </Button>
        }
      />

      {goals.isPending ? (
        <div role="status" className={gridClassName}>
          <span className="sr-only">Loading goals</span>
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <GoalCardSkeleton key={index} />
          ))}
        </div>
      ) : goals.isError ? (
        <GoalsError isRetrying={goals.isFetching} onRetry={() => void goals.refetch()} />
      ) : goals.data.length === 0 ? (
        <GoalsEmpty onCreate={openCreate} />
      ) : (
        <ul aria-label="Goals" className={gridClassName}>
          {goals.data.map((goal) => (
            <li key={goal.id} className="min-w-0">
              <GoalCard goal={goal} timeZone={timeZone} onAddTask={onAddTask} onEdit={openEdit} onBreakDown={onBreakDown} />
            </li>
          ))}
        </ul>
      )}

      <GoalFormDialog open={form.open} goal={form.goal} onOpenChange={(open) => setForm((current) => ({ ...current, open }))} />
    </>
  );
}

function GoalCounts({ goals, isLoading }: { goals: Goal[] | undefined; isLoading: boolean }) {
  if (isLoading) return <span className="inline-block h-4 w-32 animate-pulse rounded bg-muted align-middle" aria-hidden="true" />;
  // Without goals (a failed load) the line keeps its height, so the header does not jump.
  if (!goals) return "\u00a0";
  const active = goals.filter((goal) => goal.status === "active").length;
  return `${goals.length} ${goals.length === 1 ? "goal" : "goals"} · ${active} active`;
}

function GoalsEmpty({ onCreate }: { onCreate(): void }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId} className="flex flex-col items-center rounded-lg border border-dashed px-6 py-14 text-center">
      <span
        aria-hidden="true"
        className="mb-4 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground"
      >
        <Target className="size-7" />
      </span>
      <h2 id={titleId} className="text-lg font-semibold">
        No goals yet
      </h2>
      <p className="mt-1 max-w-sm text-sm text-muted-foreground">
        Set a goal, then add tasks to it from its card. Its progress grows as you finish them.
      </p>
      <Button className="mt-6" onClick={onCreate}>
        <Plus aria-hidden="true" />
        Create Your First Goal
      </Button>
    </section>
  );
}

function GoalsError({ isRetrying, onRetry }: { isRetrying: boolean; onRetry(): void }) {
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-5 text-red-800 sm:flex-row sm:items-center"
    >
      <AlertCircle className="size-5 shrink-0" aria-hidden="true" />
      <p className="flex-1 text-sm font-medium">{FETCH_GOALS_ERROR}</p>
      <Button variant="outline" size="sm" disabled={isRetrying} onClick={onRetry}>
        <RotateCw aria-hidden="true" className={isRetrying ? "animate-spin" : undefined} />
        {isRetrying ? "Retrying..." : "Retry"}
      </Button>
    </div>
  );
}
