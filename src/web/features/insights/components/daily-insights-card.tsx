import { ExternalLink, Lightbulb, Loader2, RotateCw } from "lucide-react";
import { useState } from "react";
import type { DailyInsight } from "../../../../shared/api/insights.ts";
import { DAY_CARD_INSIGHTS } from "../../../../shared/api/insight-limits.ts";
import { sortInsightsByPriority } from "../../../../shared/rules/daily-insights.ts";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/utils.ts";
import { EMPTY_DAILY_INSIGHTS, useDailyInsights } from "../api/get-daily-insights.ts";
import { useMarkDailyInsightsViewed } from "../api/mark-daily-insights-viewed.ts";
import { DAILY_HIGH_PRIORITY_CLASSES, DAILY_TYPE_CLASSES, DAILY_TYPE_LABELS } from "../lib/insight-display.ts";

export const NO_INSIGHTS_TODAY_TEXT = "Complete tasks to get insights";
export const NO_INSIGHTS_DAY_TEXT = "No insights for this day";

interface DailyInsightsCardProps {
  date: string;
  isToday: boolean;
}

export function DailyInsightsCard({ date, isToday }: DailyInsightsCardProps) {
  const query = useDailyInsights(date);
  const markViewed = useMarkDailyInsightsViewed();
  const [expandedDate, setExpandedDate] = useState<string | null>(null);
  const isExpanded = expandedDate === date;
  const data = query.isError ? EMPTY_DAILY_INSIGHTS : (query.data ?? null);
  const insights = data ? sortInsightsByPriority(data.insights) : [];
  const isUnviewed = data !== null && insights.length > 0 && !data.viewed;
  const shown = isExpanded ? insights : insights.slice(0, DAY_CARD_INSIGHTS);
  const more = insights.length - DAY_CARD_INSIGHTS;

  const open = () => {
    if (isUnviewed) markViewed.mutate(date);
  };

  return (
    <Card data-testid="daily-insights-card">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Lightbulb className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          Daily Insights
          {isUnviewed ? (
            <span className="size-2.5 rounded-full bg-blue-600" role="img" aria-label="New insights" data-testid="daily-insights-dot" />
          ) : null}
        </CardTitle>
        {query.isFetching && data ? <Loader2 className="size-4 animate-spin text-muted-foreground" aria-label="Updating insights" /> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        {data === null ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading insights</span>
            <div className="h-14 animate-pulse rounded-lg bg-muted" />
            <div className="h-14 animate-pulse rounded-lg bg-muted" />
          </div>
        ) : insights.length === 0 ? (
          <div className="grid justify-items-start gap-2">
            <p className="text-sm text-muted-foreground">{isToday ? NO_INSIGHTS_TODAY_TEXT : NO_INSIGHTS_DAY_TEXT}</p>
            {isToday ? (
              <Button variant="outline" size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
                {query.isFetching ? <Loader2 className="animate-spin" aria-hidden="true" /> : <RotateCw aria-hidden="true" />}
                Refresh
              </Button>
            ) : null}
          </div>
        ) : (
          <>
            <ul aria-label="Daily insights" className="grid gap-2">
              {shown.map((insight, index) => (
                <InsightItem key={`${insight.title}-${index}`} insight={insight} />
              ))}
            </ul>
            {more > 0 ? (
              <button
                type="button"
                className="w-fit text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
                aria-expanded={isExpanded}
                onClick={() => {
                  setExpandedDate(isExpanded ? null : date);
                  open();
                }}
              >
                {isExpanded ? "Show fewer insights" : `+${more} more insight${more === 1 ? "" : "s"}`}
              </button>
            ) : null}
          </>
        )}
        <a
          href="/insights"
          target="_blank"
          rel="noopener noreferrer"
          onClick={open}
          className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          View All Insights
          <ExternalLink className="size-3.5" aria-hidden="true" />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
      </CardContent>
    </Card>
  );
}

function InsightItem({ insight }: { insight: DailyInsight }) {
  const isHigh = insight.priority === "high";
  return (
    // High priority: a thick left edge (a ring around it would read as keyboard focus).
    <li
      className={cn("rounded-lg border px-3 py-2", DAILY_TYPE_CLASSES[insight.type], isHigh && DAILY_HIGH_PRIORITY_CLASSES[insight.type])}
    >
      <h4 className="text-sm font-semibold text-foreground">
        <span className="sr-only">
          {DAILY_TYPE_LABELS[insight.type]}
          {isHigh ? ", high priority" : ""}:{" "}
        </span>
        {insight.title}
      </h4>
      <p className="mt-0.5 text-xs leading-snug text-slate-700">{insight.description}</p>
    </li>
  );
}
