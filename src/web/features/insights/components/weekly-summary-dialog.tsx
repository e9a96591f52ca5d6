import { ChevronLeft, ChevronRight } from "lucide-react";
import type { WeeklySummary } from "../../../../shared/api/insights.ts";
import { LazySafeMarkdown } from "../../../components/markdown/lazy-safe-markdown.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "../../../components/ui/dialog.tsx";
import { cn } from "../../../lib/utils.ts";
import { generatedDateLabel, WEEKLY_TYPE_BADGES, WEEKLY_TYPE_LABELS, weekRangeLabel } from "../lib/insight-display.ts";
import { SummaryStats } from "./summary-stats.tsx";

export interface WeeklySummaryDialogProps {
  summaries: readonly WeeklySummary[];
  index: number | null;
  onNavigate(index: number): void;
  onClose(): void;
}

export function WeeklySummaryDialog({ summaries, index, onNavigate, onClose }: WeeklySummaryDialogProps) {
  const summary = index === null ? undefined : summaries[index];
  const count = summaries.length;
  return (
    <Dialog open={summary !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      {summary && index !== null ? (
        <DialogContent className="max-w-xl">
          <DialogHeader>
            <DialogTitle>Weekly Summary</DialogTitle>
            <DialogDescription>{weekRangeLabel(summary.weekStartDate)}</DialogDescription>
          </DialogHeader>
          <LazySafeMarkdown text={summary.summary.text} className="text-sm leading-relaxed" />
          <SummaryStats summary={summary} />
          <section aria-labelledby="weekly-dialog-insights" className="grid gap-2">
            <h3 id="weekly-dialog-insights" className="text-sm font-semibold">
              Insights ({summary.insights.length})
            </h3>
            {summary.insights.length === 0 ? (
              <p className="text-sm text-muted-foreground">No insights for this week.</p>
            ) : (
              <ul className="grid gap-2">
                {summary.insights.map((insight, insightIndex) => (
                  <li key={insightIndex} className="rounded-lg border p-3">
                    <span className={cn("inline-block rounded-full px-2 py-0.5 text-xs font-medium", WEEKLY_TYPE_BADGES[insight.type])}>
                      {WEEKLY_TYPE_LABELS[insight.type]}
                    </span>
                    <h4 className="mt-1 text-sm font-medium">{insight.title}</h4>
                    <p className="text-sm text-muted-foreground">{insight.description}</p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <p className="text-xs text-muted-foreground">Generated {generatedDateLabel(summary.summary.generatedAt)}</p>
          {count > 1 ? (
            <nav aria-label="Weekly summaries" className="flex items-center justify-between gap-2 border-t pt-4">
              <Button variant="outline" size="sm" disabled={index === 0} onClick={() => onNavigate(index - 1)}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Button>
              <div className="flex flex-col items-center gap-1.5">
                <span className="text-sm tabular-nums" aria-live="polite">
                  {index + 1} of {count}
                </span>
                <div className="flex gap-0.5">
                  {summaries.map((entry, dotIndex) => (
                    <button
                      key={entry.id}
                      type="button"
                      aria-label={`Week of ${weekRangeLabel(entry.weekStartDate)}`}
                      aria-current={dotIndex === index ? "true" : undefined}
                      onClick={() => onNavigate(dotIndex)}
                      className="grid size-6 place-items-center rounded-full focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <span className={cn("size-2 rounded-full", dotIndex === index ? "bg-indigo-600" : "bg-slate-300")} />
                    </button>
                  ))}
                </div>
              </div>
              <Button variant="outline" size="sm" disabled={index === count - 1} onClick={() => onNavigate(index + 1)}>
                Next
                <ChevronRight aria-hidden="true" />
              </Button>
            </nav>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
