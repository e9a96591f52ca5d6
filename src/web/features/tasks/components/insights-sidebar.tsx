import { Gauge, ListChecks, PanelRightClose, PanelRightOpen, Sparkles } from "lucide-react";
import { type ReactNode, useId } from "react";
import type { CapacityCardFigures, CapacityCheck, CapacityLevel } from "../../../../shared/rules/capacity.ts";
import { formatDuration } from "../../../../shared/rules/format.ts";
import type { WorkloadLabel } from "../../../../shared/rules/workload.ts";
import { Badge } from "../../../components/ui/badge.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card.tsx";
import { cn } from "../../../lib/utils.ts";
import { useStoredBoolean } from "../hooks/use-stored-boolean.ts";
import { shortDateLabel } from "../lib/day-labels.ts";

const COLLAPSED_KEY = "daywise:insights-sidebar-collapsed";

/** Below 1280 px it starts folded beside the board, whose columns would otherwise get too narrow. */
const FOLDS_BY_DEFAULT_QUERY = "(min-width: 1024px) and (max-width: 1279.98px)";

function foldsByDefault(): boolean {
  return typeof window !== "undefined" && typeof window.matchMedia === "function" && window.matchMedia(FOLDS_BY_DEFAULT_QUERY).matches;
}

interface InsightsSidebarProps {
  figures: CapacityCardFigures | null;
  viewedDate: string;
  isToday: boolean;
  /** Busy timed minutes from the user's calendars. */
  meetingMinutes?: number;
  /** The day's usable minutes and load (dayCapacity), as the insights and the assistant read them. */
  capacity?: CapacityCheck | null;
  /** How much of the working day's free time has timed tasks. */
  timeboxed?: TimeboxedMinutes | null;
  /** The insights and calendar features' cards, which this feature does not import. */
  children?: ReactNode;
}

export function progressTitle(viewedDate: string, isToday: boolean): string {
  return isToday ? "Today's Progress" : `Progress for ${shortDateLabel(viewedDate)}`;
}

export function InsightsSidebar({
  figures,
  viewedDate,
  isToday,
  meetingMinutes = 0,
  capacity = null,
  timeboxed = null,
  children,
}: InsightsSidebarProps) {
  const [isCollapsed, setIsCollapsed] = useStoredBoolean(COLLAPSED_KEY, foldsByDefault);
  const headingId = useId();
  const contentId = useId();
  return (
    <aside aria-labelledby={headingId} className={cn("min-w-0 lg:shrink-0", isCollapsed ? "lg:w-11" : "lg:w-72")}>
      <div className={cn("mb-3 flex items-center justify-between gap-2", isCollapsed && "lg:flex-col-reverse lg:items-center")}>
        <h2 id={headingId} className={cn("flex items-center gap-2 text-lg font-semibold", isCollapsed && "lg:sr-only")}>
          <Sparkles className="size-5 text-indigo-600" aria-hidden="true" />
          Insights
        </h2>
        <Button
          variant="outline"
          size="icon-sm"
          aria-expanded={!isCollapsed}
          aria-controls={contentId}
          aria-label={isCollapsed ? "Show insights" : "Hide insights"}
          onClick={() => setIsCollapsed(!isCollapsed)}
        >
          {isCollapsed ? <PanelRightOpen aria-hidden="true" /> : <PanelRightClose aria-hidden="true" />}
        </Button>
      </div>
      <div id={contentId} hidden={isCollapsed} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        <DayProgressCard figures={figures} title={progressTitle(viewedDate, isToday)} />
        <CapacityCard figures={figures} meetingMinutes={meetingMinutes} capacity={capacity} timeboxed={timeboxed} />
        {children}
        <p className="text-xs text-muted-foreground sm:col-span-2 lg:col-span-1">Insights update as you work</p>
      </div>
    </aside>
  );
}

const SHARED_ROWS = "row-span-2 grid grid-rows-subgrid content-start";

function Stat({ label, value, note, className }: { label: string; value: string; note?: string | null; className?: string }) {
  return (
    <div className={cn("min-w-0 rounded-lg bg-muted/70 px-2 py-2 wrap-break-word", className)}>
      <dt className="text-xs leading-tight text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">
        {value}
        {note ? (
          <span className="block text-xs font-medium text-red-800">
            <span className="sr-only"> (</span>
            {note}
            <span className="sr-only">)</span>
          </span>
        ) : null}
      </dd>
    </div>
  );
}

/** Stalled counts as in progress, not active (src/shared/rules/task-counts.ts). */
function stalledNote(figures: CapacityCardFigures | null): string | null {
  return figures && figures.stalled > 0 ? `${figures.stalled} stalled` : null;
}

function DayProgressCard({ figures, title }: { figures: CapacityCardFigures | null; title: string }) {
  const show = (value: number | undefined) => (value === undefined ? "–" : String(value));
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <ListChecks className="size-4 shrink-0 text-indigo-600" aria-hidden="true" />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {/* Subgrid, so the numbers stay on one line where 'In Progress' wraps. */}
        <dl className="grid grid-cols-3 gap-x-2 text-center">
          <Stat label="To Do" value={show(figures?.counts.todo)} className={SHARED_ROWS} />
          <Stat label="In Progress" value={show(figures?.counts.inProgress)} note={stalledNote(figures)} className={SHARED_ROWS} />
          <Stat label="Done" value={show(figures?.counts.done)} className={SHARED_ROWS} />
        </dl>
      </CardContent>
    </Card>
  );
}

const WORKLOAD_BADGES: Record<WorkloadLabel, "success" | "secondary" | "warning" | "destructive"> = {
  "Light Day": "success",
  "Moderate Load": "secondary",
  "Heavy Day": "warning",
  Overloaded: "destructive",
};

const LOAD_COLOURS: Record<CapacityLevel, string> = {
  fine: "",
  warning: "text-amber-900",
  critical: "text-red-800",
};

const LOAD_ADVICE: Record<Exclude<CapacityLevel, "fine">, string> = {
  warning: "Near capacity: make sure you have focus time.",
  critical: "Over capacity: consider deferring some tasks.",
};

export interface TimeboxedMinutes {
  plannedMinutes: number;
  freeMinutes: number;
}

export function CapacityCard({
  figures,
  meetingMinutes = 0,
  capacity = null,
  timeboxed = null,
}: {
  figures: CapacityCardFigures | null;
  meetingMinutes?: number;
  capacity?: CapacityCheck | null;
  timeboxed?: TimeboxedMinutes | null;
}) {
  const total = figures?.total ?? 0;
  const parts = figures
    ? [
        { label: "Done", count: figures.counts.done, className: "bg-green-600" },
        { label: "Working", count: figures.counts.inProgress, className: "bg-blue-500" },
        { label: "Todo", count: figures.counts.todo, className: "bg-slate-400" },
      ]
    : [];
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2">
          <Gauge className="size-4 text-indigo-600" aria-hidden="true" />
          Capacity
        </CardTitle>
        {figures && figures.total > 0 ? <Badge variant={WORKLOAD_BADGES[figures.workloadLabel]}>{figures.workloadLabel}</Badge> : null}
      </CardHeader>
      <CardContent className="grid gap-3">
        <dl className="grid grid-cols-2 gap-2">
          <Stat label="Total" value={figures ? String(figures.total) : "–"} />
          <Stat
            label="Active"
            value={figures ? String(figures.active) : "–"}
            note={figures && figures.stalled > 0 ? `+${stalledNote(figures)}` : null}
          />
          <Stat label="Est. Time" value={figures ? `${figures.estimatedHours}h` : "–"} />
          <Stat label="Progress" value={figures ? `${figures.progressPercent}%` : "–"} />
        </dl>
        {meetingMinutes > 0 && capacity ? (
          <p className="text-sm">
            <span className="font-medium">Meetings {formatDuration(meetingMinutes)}</span>
            <span className="text-muted-foreground"> · {formatDuration(Math.round(capacity.usableMinutes))} usable for tasks</span>
          </p>
        ) : null}
        {capacity && capacity.plannedMinutes > 0 ? (
          <p className={cn("text-sm", LOAD_COLOURS[capacity.level])}>
            <span className="font-medium">Load {capacity.utilizationPercent}%</span>: {formatDuration(capacity.plannedMinutes)} planned of{" "}
            {formatDuration(Math.round(capacity.usableMinutes))} usable
            {capacity.level === "fine" ? null : <span className="block">{LOAD_ADVICE[capacity.level]}</span>}
          </p>
        ) : null}
        {timeboxed ? (
          <p className="text-sm">
            Planned {formatDuration(timeboxed.plannedMinutes)} of {formatDuration(timeboxed.freeMinutes)} free
          </p>
        ) : null}
        <p className="min-h-10 text-sm text-muted-foreground">
          {figures && figures.total > 0 ? figures.recommendation : figures ? "No tasks planned for this day yet." : null}
        </p>
        <div>
          <div
            role="img"
            aria-label={figures ? parts.map((part) => `${part.label} ${part.count}`).join(", ") : "No tasks yet"}
            className="flex h-2.5 overflow-hidden rounded-full bg-muted"
          >
            {total > 0
              ? parts.map((part) =>
                  part.count > 0 ? (
                    <span key={part.label} className={part.className} style={{ width: `${(part.count / total) * 100}%` }} />
                  ) : null,
                )
              : null}
          </div>
          <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-muted-foreground" aria-hidden="true">
            {parts.map((part) => (
              <li key={part.label} className="flex items-center gap-1.5">
                <span className={cn("size-2 rounded-full", part.className)} />
                {part.label} {part.count}
              </li>
            ))}
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
