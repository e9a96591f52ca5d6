import { CalendarRange } from "lucide-react";
import { Link } from "react-router";
import { SIDEBAR_WEEKLY_SUMMARIES } from "../../../../shared/api/insight-limits.ts";
import { LazySafeMarkdown } from "../../../components/markdown/lazy-safe-markdown.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/utils.ts";
import { useWeeklySummaries } from "../api/get-weekly-summaries.ts";
import { completionBandClass, weekRangeLabel, weeklyCompletionPercent } from "../lib/insight-display.ts";

export const NO_WEEKLY_SUMMARY_TEXT = "No weekly summary yet";

export function WeeklySummaryCard() {
  const query = useWeeklySummaries(SIDEBAR_WEEKLY_SUMMARIES);
  const latest = query.isError ? undefined : query.data?.[0];
  return (
    <Card data-testid="weekly-summary-card">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarRange className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          Weekly Summary
          {latest && !latest.viewed ? <span className="size-2.5 rounded-full bg-blue-600" role="img" aria-label="Unread" /> : null}
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-2">
        {query.isPending ? (
          <div role="status" className="h-16 animate-pulse rounded-lg bg-muted">
            <span className="sr-only">Loading the weekly summary</span>
          </div>
        ) : !latest ? (
          <p className="text-sm text-muted-foreground">{NO_WEEKLY_SUMMARY_TEXT}</p>
        ) : (
          <>
            <p className="text-xs font-medium text-muted-foreground">{weekRangeLabel(latest.weekStartDate)}</p>
            <p className="text-sm">
              <span className={cn("font-semibold tabular-nums", completionBandClass(weeklyCompletionPercent(latest)))}>
                {weeklyCompletionPercent(latest)}%
              </span>{" "}
              completed ({latest.tasksCompleted}/{latest.tasksTotal} tasks)
            </p>
            <LazySafeMarkdown text={latest.summary.text} className="line-clamp-3 text-sm text-muted-foreground" />
          </>
        )}
        <Link
          to="/insights"
          className="w-fit text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {latest ? "Open weekly summaries" : "Go to Insights"}
        </Link>
      </CardContent>
    </Card>
  );
}
