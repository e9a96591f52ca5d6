import { type DragEvent, type ReactNode, useId } from "react";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { cn } from "../../../lib/utils.ts";
import { useTaskDropTarget } from "../hooks/use-task-drop-target.ts";

const COLUMN_ACCENTS: Record<BoardColumnStatus, string> = {
  todo: "bg-slate-400",
  inprogress: "bg-blue-500",
  done: "bg-green-600",
};

interface ColumnFrameProps {
  status: BoardColumnStatus;
  label: string;
  count: number | null;
  children: ReactNode;
  className?: string;
  id?: string;
  ref?: (element: HTMLElement | null) => void;
  isHighlighted?: boolean;
  onDragOver?: (event: DragEvent<HTMLElement>) => void;
  onDragLeave?: (event: DragEvent<HTMLElement>) => void;
  onDrop?: (event: DragEvent<HTMLElement>) => void;
}

/** The skeleton uses it too, so loading and loaded boards line up. */
export function ColumnFrame({ status, label, count, children, className, id, ref, isHighlighted, ...dropHandlers }: ColumnFrameProps) {
  const headingId = useId();
  return (
    <section
      ref={ref}
      id={id}
      aria-labelledby={headingId}
      data-column={status}
      className={cn(
        "flex min-h-48 min-w-0 flex-col rounded-xl border border-slate-200 bg-slate-50 p-3 transition-colors md:min-h-96",
        isHighlighted && "border-indigo-400 bg-indigo-50 ring-2 ring-indigo-300",
        className,
      )}
      {...dropHandlers}
    >
      <h2 id={headingId} className="mb-3 flex max-md:sr-only items-center gap-2 px-1 text-sm font-semibold">
        <span className={cn("size-2.5 rounded-full", COLUMN_ACCENTS[status])} aria-hidden="true" />
        {label}{" "}
        <span className="ml-auto inline-flex h-6 min-w-6 items-center justify-center rounded-full bg-card px-2 text-xs font-semibold text-slate-700 ring-1 ring-slate-200">
          {count ?? "–"}
          <span className="sr-only">{count === 1 ? " task" : " tasks"}</span>
        </span>
      </h2>
      {children}
    </section>
  );
}

interface BoardColumnProps {
  status: BoardColumnStatus;
  label: string;
  count: number;
  children: ReactNode;
  onExternalDrop: (taskId: string, status: BoardColumnStatus) => void;
  dropRef?: (element: HTMLElement | null) => void;
  isCardOver?: boolean;
  id?: string;
  className?: string;
}

export function BoardColumn({
  status,
  label,
  count,
  children,
  onExternalDrop,
  dropRef,
  isCardOver = false,
  id,
  className,
}: BoardColumnProps) {
  const { isTaskOver, dropTargetProps } = useTaskDropTarget((taskId) => onExternalDrop(taskId, status));
  return (
    <ColumnFrame
      ref={dropRef}
      id={id}
      className={className}
      status={status}
      label={label}
      count={count}
      isHighlighted={isCardOver || isTaskOver}
      {...dropTargetProps}
    >
      {children}
    </ColumnFrame>
  );
}
