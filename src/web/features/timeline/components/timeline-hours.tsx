import { memo } from "react";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import { type Span, minutesToPx, minutesToTime } from "../lib/timeline-layout.ts";

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

function hourLabel(hour: number): string {
  return formatTime12h(minutesToTime(hour * 60)).replace(":00", "");
}

/** The grid's background: the working day lighter, a line and label each hour, and the 'now' line on today. */
export const TimelineHours = memo(function TimelineHours({ workday, nowMinutes }: { workday: Span; nowMinutes: number | null }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0">
      <div
        data-testid="timeline-workday"
        className="absolute inset-x-0 bg-card"
        style={{ top: minutesToPx(workday.start), height: minutesToPx(workday.end - workday.start) }}
      />
      {HOURS.map((hour) => (
        <div key={hour} className="absolute inset-x-0 border-t border-border" style={{ top: minutesToPx(hour * 60) }}>
          <span className="absolute top-0.5 left-2 text-[11px] text-muted-foreground tabular-nums">{hourLabel(hour)}</span>
        </div>
      ))}
      {HOURS.map((hour) => (
        <div
          key={`half-${hour}`}
          className="absolute right-0 left-16 border-t border-dashed border-border/60"
          style={{ top: minutesToPx(hour * 60 + 30) }}
        />
      ))}
      {nowMinutes === null ? null : (
        <div
          data-testid="timeline-now"
          className="absolute right-0 left-14 z-20 border-t-2 border-red-500"
          style={{ top: minutesToPx(nowMinutes) }}
        >
          <span className="absolute -top-[5px] -left-1 size-2 rounded-full bg-red-500" />
        </div>
      )}
    </div>
  );
});
