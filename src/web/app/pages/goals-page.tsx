import { Suspense, useState } from "react";
import type { Goal } from "../../../shared/api/goals.ts";
import { todayInZone } from "../../../shared/rules/dates.ts";
import { BreakdownDialog } from "../../features/ai-breakdown/index.ts";
import { GOALS_PATH, GoalsOverview, goalsQueryOptions } from "../../features/goals/index.ts";
import { useUser } from "../../features/session/index.ts";
import { TaskFormDialog } from "../../features/tasks/index.ts";
import type { FirstQuery } from "../../lib/first-render.ts";

interface TaskDialogState {
  open: boolean;
  goalId: string | null;
  date: string | null;
}

export function GoalsPage() {
  const { data: user } = useUser();
  const timeZone = user?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [taskDialog, setTaskDialog] = useState<TaskDialogState>({ open: false, goalId: null, date: null });
  // The goal is kept after closing, so that the dialog closes with its content.
  const [breakdown, setBreakdown] = useState<{ open: boolean; goal: Goal | null }>({ open: false, goal: null });

  const openTaskDialog = (goal: Goal) => setTaskDialog({ open: true, goalId: goal.id, date: todayInZone(new Date(), timeZone) });

  return (
    <>
      <GoalsOverview timeZone={timeZone} onAddTask={openTaskDialog} onBreakDown={(goal) => setBreakdown({ open: true, goal })} />
      <TaskFormDialog
        open={taskDialog.open}
        onOpenChange={(open) => setTaskDialog((current) => ({ ...current, open }))}
        defaultGoalId={taskDialog.goalId}
        defaultDate={taskDialog.date}
      />
      {/* Its code loads on the first 'Break Down'. */}
      {breakdown.goal ? (
        <Suspense fallback={null}>
          <BreakdownDialog
            open={breakdown.open}
            goal={breakdown.goal}
            onOpenChange={(open) => setBreakdown((current) => ({ ...current, open }))}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export function firstQueries(): FirstQuery[] {
  return [{ path: GOALS_PATH, options: goalsQueryOptions() }];
}
