// The WAI-ARIA tabs pattern, for the one column shown below md.
import { type KeyboardEvent, useRef } from "react";
import { BOARD_COLUMN_STATUSES, type BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { cn } from "../../../lib/utils.ts";
import { BOARD_COLUMNS } from "../lib/board-columns.ts";
import type { BoardDragRegistry } from "../lib/board-drag-registry.ts";

interface BoardStatusTabsProps {
  /** Null while loading: drawn inert, so nothing moves when the tasks arrive. */
  counts: Record<BoardColumnStatus, number> | null;
  shown: BoardColumnStatus;
  onShow?: (status: BoardColumnStatus) => void;
  panelId?: (status: BoardColumnStatus) => string;
  registry?: BoardDragRegistry;
  cardOverTab?: BoardColumnStatus | null;
}

const NEXT_KEYS: Record<string, (index: number) => number> = {
  ArrowRight: (index) => (index + 1) % BOARD_COLUMN_STATUSES.length,
  ArrowLeft: (index) => (index + BOARD_COLUMN_STATUSES.length - 1) % BOARD_COLUMN_STATUSES.length,
  Home: () => 0,
  End: () => BOARD_COLUMN_STATUSES.length - 1,
};

export function BoardStatusTabs({ counts, shown, onShow, panelId, registry, cardOverTab = null }: BoardStatusTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = NEXT_KEYS[event.key];
    if (!next || !onShow) return;
    event.preventDefault();
    const status = BOARD_COLUMN_STATUSES[next(BOARD_COLUMN_STATUSES.indexOf(shown))]!;
    onShow(status);
    list.current?.querySelector<HTMLElement>(`[data-tab="${status}"]`)?.focus();
  };
  return (
    // Sticky under the header, so a card can be dragged onto a tab from anywhere down a long list.
    <div className="sticky top-16 z-10 -mx-1 bg-background px-1 pb-1 md:hidden" aria-hidden={counts ? undefined : true}>
      <div ref={list} role="tablist" aria-label="Task status" className="flex gap-1 rounded-xl bg-slate-100 p-1" onKeyDown={onKeyDown}>
        {BOARD_COLUMNS.map(({ status, label }) => {
          const isShown = status === shown;
          return (
            <button
              key={status}
              ref={registry?.tab(status).setElement}
              type="button"
              role="tab"
              id={panelId ? `${panelId(status)}-tab` : undefined}
              data-tab={status}
              aria-selected={isShown}
              aria-controls={panelId?.(status)}
              tabIndex={isShown && counts ? 0 : -1}
              disabled={!counts}
              onClick={() => onShow?.(status)}
              className={cn(
                "flex h-10 min-w-0 flex-1 items-center justify-center gap-1.5 rounded-lg px-1.5 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors",
                "focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring",
                isShown && "bg-card text-foreground shadow-sm ring-1 ring-slate-200",
                cardOverTab === status && "bg-indigo-50 text-indigo-900 ring-2 ring-indigo-400",
              )}
            >
              {label}{" "}
              <span className="inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-800">
                {counts ? counts[status] : "–"}
              </span>
            </button>
          );
        })}
      </div>
    </div>
  );
}
