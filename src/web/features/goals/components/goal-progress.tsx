import type { Goal } from "../../../../shared/api/goals.ts";
import { goalProgressLabel, goalProgressPercent, NO_GOAL_TASKS_TEXT } from "../../../../shared/rules/goal-progress.ts";
import { type ProgressBand, progressBand } from "../../../../shared/rules/progress.ts";
import { Progress } from "../../../components/ui/progress.tsx";

const bandColours: Record<ProgressBand, string> = {
  low: "bg-red-500",
  started: "bg-amber-500",
  halfway: "bg-blue-600",
  strong: "bg-green-600",
};

type GoalProgressProps = Pick<Goal, "completedTasksCount" | "totalTasksCount"> & {
  titleId: string;
};

export function GoalProgress({ completedTasksCount, totalTasksCount, titleId }: GoalProgressProps) {
  const percent = goalProgressPercent(completedTasksCount, totalTasksCount);
  const label = goalProgressLabel(completedTasksCount, totalTasksCount);
  const labelId = `${titleId}-progress`;
  return (
    <div className="grid gap-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span id={labelId} className="font-medium">
          Progress
        </span>
        <span className="text-muted-foreground tabular-nums">
          {completedTasksCount}/{totalTasksCount} tasks
          <span aria-hidden="true"> · </span>
          <span className="font-medium text-foreground">{percent}%</span>
        </span>
      </div>
      <Progress
        value={percent}
        aria-labelledby={`${labelId} ${titleId}`}
        aria-valuetext={`${percent}%, ${completedTasksCount} of ${totalTasksCount} tasks done`}
        // Nothing to colour at 0%: the bar's rounded end would otherwise show a sliver.
        indicatorClassName={percent === 0 ? "bg-transparent" : bandColours[progressBand(percent)]}
      />
      {label ? (
        <p className="text-sm font-medium text-muted-foreground">{label}</p>
      ) : (
        <p className="text-sm text-muted-foreground">{NO_GOAL_TASKS_TEXT}</p>
      )}
    </div>
  );
}
