import { useId } from "react";
import { type ProgressBand, progressBand } from "../../../../shared/rules/progress.ts";
import { Progress } from "../../../components/ui/progress.tsx";
import { fullDateLabel } from "../lib/day-labels.ts";

/** Spec section 9: the bar's colour changes at 25, 50 and 80 percent. */
const BAND_COLOURS: Record<ProgressBand, string> = {
  low: "bg-red-500",
  started: "bg-amber-500",
  halfway: "bg-blue-600",
  strong: "bg-green-600",
};

export function DayProgress({ date, percent }: { date: string; percent: number }) {
  const labelId = useId();
  const band = progressBand(percent);
  return (
    <div className="mb-6 rounded-xl border bg-card p-4 shadow-sm">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
        <span id={labelId} className="font-medium">
          {fullDateLabel(date)}
        </span>
        <span className="text-muted-foreground tabular-nums">{percent}% complete</span>
      </div>
      <Progress value={percent} aria-labelledby={labelId} data-band={band} className="h-2.5" indicatorClassName={BAND_COLOURS[band]} />
    </div>
  );
}
