import { type KeyboardEvent, useRef } from "react";
import { cn } from "../../../lib/utils.ts";
import type { TodayView } from "../lib/today-view.ts";

const VIEWS: { value: TodayView; label: string }[] = [
  { value: "board", label: "Board" },
  { value: "timeline", label: "Timeline" },
];

/** A radio group: Tab reaches the chosen view, the arrow keys choose the other. */
export function TodayViewSwitch({
  value,
  onChange,
  onIntent,
}: {
  value: TodayView;
  onChange: (view: TodayView) => void;
  onIntent?: () => void;
}) {
  const group = useRef<HTMLDivElement>(null);
  function onKeyDown(event: KeyboardEvent) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = VIEWS[(VIEWS.findIndex((view) => view.value === value) + step + VIEWS.length) % VIEWS.length]!;
    onChange(next.value);
    group.current?.querySelector<HTMLElement>(`[data-view="${next.value}"]`)?.focus();
  }
  return (
    <div
      ref={group}
      role="radiogroup"
      aria-label="View"
      onKeyDown={onKeyDown}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      className="inline-flex justify-self-start rounded-lg border bg-muted p-0.5"
    >
      {VIEWS.map((view) => (
        <button
          key={view.value}
          type="button"
          role="radio"
          data-view={view.value}
          aria-checked={view.value === value}
          tabIndex={view.value === value ? 0 : -1}
          onClick={() => onChange(view.value)}
          className={cn(
            "rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-ring",
            view.value === value ? "bg-card text-foreground shadow-sm" : "text-muted-foreground hover:text-foreground",
          )}
        >
          {view.label}
        </button>
      ))}
    </div>
  );
}
