import { AlertTriangle, Flame, Timer } from "lucide-react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import { type StartDelayClass, describeStartDelay, getStartDelay, taskRecommendations } from "../../../../shared/rules/start-delay.ts";
import { getOvertime, sessionElapsedMs } from "../../../../shared/rules/task-timing.ts";
import { cn } from "../../../lib/utils.ts";
import { useNow } from "../hooks/use-now.ts";
import { formatElapsed } from "../lib/day-labels.ts";

/** Apart, so that only this re-renders every second, and only for in-progress cards. */
export function InProgressTiming({ task }: { task: Pick<Task, "status" | "estimatedDuration" | "currentSessionStartedAt"> }) {
  const now = useNow(1000);
  const elapsed = sessionElapsedMs(task, now);
  const overtime = getOvertime(task, now);
  const recommendations = taskRecommendations({ delayClass: null, overtimeSeverity: overtime?.severity });
  return (
    <>
      <p className="flex items-center gap-1.5 text-sm font-medium text-blue-800">
        <Timer className="size-4 shrink-0" aria-hidden="true" />
        <span>
          Working for <time className="tabular-nums">{formatElapsed(elapsed)}</time>
        </span>
      </p>
      {overtime ? (
        <div
          data-severity={overtime.severity}
          className={cn(
            "rounded-md border p-2.5 text-sm",
            overtime.severity === "critical" ? "border-red-300 bg-red-50 text-red-900" : "border-amber-300 bg-amber-50 text-amber-950",
          )}
        >
          <p className="flex items-start gap-1.5 font-medium">
            {overtime.severity === "critical" ? (
              <Flame className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            ) : (
              <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            )}
            <span>
              {overtime.severity === "critical" ? "Critical overtime" : "Overtime"}: {formatDuration(overtime.overrunMinutes)} over the{" "}
              {formatDuration(overtime.estimateMinutes)} estimate
            </span>
          </p>
          {recommendations.map((text) => (
            <p key={text} className="mt-1">
              {text}
            </p>
          ))}
        </div>
      ) : null}
    </>
  );
}

const DELAY_STYLES: Record<StartDelayClass, { className: string; label: string | null }> = {
  early: { className: "text-blue-800", label: null },
  ontime: { className: "text-green-800", label: null },
  minor: { className: "text-amber-900", label: "Minor delay" },
  moderate: { className: "text-orange-800", label: "Moderate delay" },
  severe: { className: "text-red-800", label: "Severe delay" },
};

export function StartDelayNote({
  task,
  timeZone,
}: {
  task: Pick<Task, "scheduledStartTime" | "firstStartedAt" | "date" | "rolledOverFromDate">;
  timeZone: string;
}) {
  const delay = getStartDelay(task, timeZone);
  if (!delay) return null;
  const style = DELAY_STYLES[delay.class];
  const recommendations = taskRecommendations({ delayClass: delay.class, overtimeSeverity: null });
  return (
    <div data-delay-class={delay.class} className={cn("text-sm", style.className)}>
      <p>
        {describeStartDelay(delay)}
        {style.label ? <span className="font-medium"> · {style.label}</span> : null}
      </p>
      {recommendations.map((text) => (
        <p key={text} className="mt-0.5 text-red-900">
          {text}
        </p>
      ))}
    </div>
  );
}
