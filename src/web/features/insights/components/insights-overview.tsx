import { AlertCircle, BarChart3, Brain, Loader2, Sparkles, Trophy } from "lucide-react";
import { useId, useState } from "react";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { PAGE_WEEKLY_SUMMARIES } from "../../../../shared/api/insight-limits.ts";
import { NeedsConnection } from "../../../components/needs-connection.tsx";
import { LazySafeMarkdown } from "../../../components/markdown/lazy-safe-markdown.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { useOnline } from "../../../lib/online.ts";
import { cn } from "../../../lib/utils.ts";
import { useGenerateWeeklySummary } from "../api/generate-weekly-summary.ts";
import { useWeeklySummaries } from "../api/get-weekly-summaries.ts";
import { useMarkWeeklySummaryViewed } from "../api/mark-weekly-summary-viewed.ts";
import { generatedDateLabel, WEEKLY_TYPE_BADGES, WEEKLY_TYPE_LABELS, weekRangeLabel } from "../lib/insight-display.ts";
import { WeeklySummaryDialog } from "./lazy-weekly-summary-dialog.ts";
import { SummaryStats } from "./summary-stats.tsx";

export const LOAD_SUMMARIES_ERROR = "Failed to load summaries";
export const GENERATE_SUMMARY_ERROR = "Failed to generate summary";
const KEY_INSIGHTS_ON_CARD = 2;

export function InsightsOverview() {
  const summaries = useWeeklySummaries(PAGE_WEEKLY_SUMMARIES);
  const generate = useGenerateWeeklySummary();
  const markViewed = useMarkWeeklySummaryViewed();
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const isOnline = useOnline();
  const offlineId = useId();
  const list = summaries.data ?? [];

  const show = (index: number) => {
    setOpenIndex(index);
    const summary = list[index];
    if (summary && !summary.viewed) markViewed.mutate(summary.id);
  };

  return (
    <>
      <PageHeader
        title="Insights"
        description="How your planning is going: weekly summaries of what you planned and finished, with patterns and suggestions from your own record."
      />

      <section aria-labelledby="weekly-summaries-heading" className="mb-8">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="weekly-summaries-heading" className="flex items-center gap-2 text-xl font-semibold">
            <Sparkles className="size-5 text-indigo-600" aria-hidden="true" />
            Weekly Summaries
          </h2>
          <Button
            onClick={() => generate.mutate()}
            disabled={generate.isPending || !isOnline}
            aria-describedby={isOnline ? undefined : offlineId}
          >
            {generate.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Sparkles aria-hidden="true" />}
            {generate.isPending ? "Generating..." : "Generate This Week"}
          </Button>
          {isOnline ? null : <NeedsConnection id={offlineId} className="basis-full justify-end" />}
        </div>

        {summaries.isError ? <ErrorAlert title={LOAD_SUMMARIES_ERROR} message={summaries.error.message} /> : null}
        {generate.isError ? <ErrorAlert title={GENERATE_SUMMARY_ERROR} message={generate.error.message} /> : null}

        {summaries.isPending ? (
          <div role="status" className="grid gap-4 md:grid-cols-2">
            <span className="sr-only">Loading weekly summaries</span>
            <div className="h-64 animate-pulse rounded-xl bg-muted" />
            <div className="h-64 animate-pulse rounded-xl bg-muted" />
          </div>
        ) : summaries.isError ? null : list.length === 0 ? (
          <Card>
            <CardContent className="py-8 text-center">
              <p className="font-medium">No weekly summaries yet</p>
              <p className="mt-1 text-sm text-muted-foreground">Generate this week's summary, or wait for Monday morning's.</p>
            </CardContent>
          </Card>
        ) : (
          <ul aria-label="Weekly summaries" className="grid gap-4 md:grid-cols-2">
            {list.map((summary, index) => (
              <li key={summary.id} className="min-w-0">
                <SummaryCard summary={summary} isLatest={index === 0} onOpen={() => show(index)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Coming soon" className="grid gap-4 md:grid-cols-3">
        <PlaceholderCard icon={BarChart3} title="Quick Stats" text="Stats Coming Soon" />
        <PlaceholderCard icon={Brain} title="Pattern Recognition" text="AI Patterns Coming Soon" note="Phase 2" />
        <PlaceholderCard icon={Trophy} title="Achievements" text="Achievements Coming Soon" />
      </section>

      <WeeklySummaryDialog summaries={list} index={openIndex} onNavigate={show} onClose={() => setOpenIndex(null)} />
    </>
  );
}

function ErrorAlert({ title, message }: { title: string; message: string }) {
  return (
    <div role="alert" className="mb-4 flex items-start gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
      <AlertCircle className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <p className="font-semibold">{title}</p>
        <p className="text-sm">{message}</p>
      </div>
    </div>
  );
}

function SummaryCard({ summary, isLatest, onOpen }: { summary: WeeklySummary; isLatest: boolean; onOpen(): void }) {
  const range = weekRangeLabel(summary.weekStartDate);
  return (
    <Card className={cn("h-full", !summary.viewed && "border-indigo-300")}>
      <CardHeader className="flex-row items-start justify-between gap-2">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            {range}
            {!summary.viewed ? <span className="size-2.5 rounded-full bg-blue-600" role="img" aria-label="Unread" /> : null}
          </CardTitle>
        </div>
        {isLatest ? <Badge>Latest</Badge> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <LazySafeMarkdown text={summary.summary.text} className="line-clamp-4 text-sm leading-relaxed" />
        <SummaryStats summary={summary} compact />
        {summary.insights.length > 0 ? (
          <div>
            <h4 className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Key insights</h4>
            <ul className="grid gap-1.5">
              {summary.insights.slice(0, KEY_INSIGHTS_ON_CARD).map((insight, index) => (
                <li key={index} className="flex items-start gap-2 text-sm">
                  <span className={cn("shrink-0 rounded-full px-2 py-0.5 text-xs font-medium", WEEKLY_TYPE_BADGES[insight.type])}>
                    {WEEKLY_TYPE_LABELS[insight.type]}
                  </span>
                  <span className="min-w-0">{insight.title}</span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-3">
          <span className="text-xs text-muted-foreground">Generated {generatedDateLabel(summary.summary.generatedAt)}</span>
          <Button
            variant={summary.viewed ? "outline" : "default"}
            size="sm"
            onClick={onOpen}
            aria-label={`${summary.viewed ? "View Details" : "View Summary"}: ${range}`}
          >
            {summary.viewed ? "View Details" : "View Summary"}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function PlaceholderCard({ icon: Icon, title, text, note }: { icon: typeof Trophy; title: string; text: string; note?: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Icon className="size-4 text-indigo-600" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-sm font-medium text-muted-foreground">{text}</p>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </CardContent>
    </Card>
  );
}
