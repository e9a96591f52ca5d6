import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { cn } from "../../../lib/utils.ts";
import { completionBandClass, weeklyCompletionPercent } from "../lib/insight-display.ts";

export function SummaryStats({ summary, compact = false }: { summary: WeeklySummary; compact?: boolean }) {
  const percent = weeklyCompletionPercent(summary);
  return (
    <dl className={cn("grid grid-cols-3 gap-2 text-center", compact && "text-left")}>
      <div className="rounded-lg bg-muted/70 px-2 py-2">
        <dt className="text-xs text-muted-foreground">Completed</dt>
        <dd className={cn("text-lg font-semibold tabular-nums", completionBandClass(percent))}>{percent}%</dd>
      </div>
      <div className="rounded-lg bg-muted/70 px-2 py-2">
        <dt className="text-xs text-muted-foreground">Goals progressed</dt>
        <dd className="text-lg font-semibold tabular-nums">{summary.goalsProgressed}</dd>
      </div>
      <div className="rounded-lg bg-muted/70 px-2 py-2">
        <dt className="text-xs text-muted-foreground">Insights</dt>
        <dd className="text-lg font-semibold tabular-nums">{summary.insights.length}</dd>
      </div>
    </dl>
  );
}
