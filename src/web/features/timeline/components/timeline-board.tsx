import { DndContext, type DragStartEvent, DragOverlay } from "@dnd-kit/core";
import { getEventCoordinates } from "@dnd-kit/utilities";
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { CalendarEvent } from "../../../../shared/api/calendar.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { useDragSensors } from "../../../lib/drag-sensors.ts";
import { cn } from "../../../lib/utils.ts";
import {
  type DragKind,
  type DragTarget,
  type TaskTimePatch,
  TIMELINE_DRAG_INSTRUCTIONS,
  type TimelineDrag,
  describeCancel,
  describeDrop,
  describeStart,
  describeTarget,
  dropPatch,
  durationOf,
  keyboardTarget,
  originOf,
} from "../lib/timeline-drag.ts";
import {
  MINUTES_PER_DAY,
  type Span,
  clampDuration,
  clampStart,
  layoutColumns,
  minutesToPx,
  pxToMinutes,
  taskSpan,
} from "../lib/timeline-layout.ts";
import { EventBlock, GhostBlock, type HandleProps, ListedTask, TaskBlock } from "./timeline-blocks.tsx";
import { TimelineHours } from "./timeline-hours.tsx";

export interface TimelineBoardProps {
  scheduled: { task: Task; span: Span }[];
  unscheduled: Task[];
  events: { event: CalendarEvent; span: Span; colour: string }[];
  workday: Span;
  nowMinutes: number | null;
  onOpenTask: (task: Task) => void;
  onChange: (task: Task, patch: TaskTimePatch) => void;
}

const NO_ANNOUNCEMENTS = {
  onDragStart: () => undefined,
  onDragOver: () => undefined,
  onDragEnd: () => undefined,
  onDragCancel: () => undefined,
};

const ACCESSIBILITY = { announcements: NO_ANNOUNCEMENTS, screenReaderInstructions: { draggable: TIMELINE_DRAG_INSTRUCTIONS } };

function sameTarget(a: DragTarget | null, b: DragTarget | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function inside(box: DOMRect | undefined, x: number, y: number): boolean {
  return box !== undefined && box.width > 0 && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
}

/** After a keyboard drop the task's handle may be drawn elsewhere (grid or list): focus follows it once drawn. */
function focusHandle(key: string, frames = 30): void {
  const handle = [...document.querySelectorAll<HTMLElement>("[data-timeline-handle]")].find(
    (element) => element.dataset.timelineHandle === key,
  );
  if (handle && handle !== document.activeElement) handle.focus();
  else if (!handle && frames > 0) requestAnimationFrame(() => focusHandle(key, frames - 1));
}

export function TimelineBoard({ scheduled, unscheduled, events, workday, nowMinutes, onOpenTask, onChange }: TimelineBoardProps) {
  const instructionsId = useId();
  const viewportRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLElement>(null);
  const ghostRef = useRef<HTMLDivElement>(null);
  const [drag, setDragState] = useState<TimelineDrag | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const dragRef = useRef<TimelineDrag | null>(null);
  const grabOffset = useRef(0);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const suppressClick = useRef(false);

  const setDrag = useCallback((next: TimelineDrag | null) => {
    dragRef.current = next;
    setDragState(next);
  }, []);

  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (viewport) viewport.scrollTop = Math.max(0, minutesToPx(workday.start) - 8);
  }, [workday.start]);

  const aim = useCallback(
    (target: DragTarget | null) => {
      const current = dragRef.current;
      if (!current || sameTarget(current.target, target)) return;
      const next = { ...current, target };
      setDrag(next);
      setAnnouncement(describeTarget(next));
    },
    [setDrag],
  );

  const aimAtPointer = useCallback(
    (x: number, y: number) => {
      const current = dragRef.current;
      const content = contentRef.current?.getBoundingClientRect();
      if (!current || !content) return;
      const minutes = pxToMinutes(y - content.top);
      if (current.kind === "resize") {
        const start = taskSpan(current.task)?.start ?? 0;
        return aim({ where: "grid", start, duration: clampDuration(Math.min(minutes, MINUTES_PER_DAY) - start) });
      }
      if (inside(listRef.current?.getBoundingClientRect(), x, y)) return aim({ where: "list" });
      if (inside(viewportRef.current?.getBoundingClientRect(), x, y)) {
        return aim({ where: "grid", start: clampStart(minutes - grabOffset.current), duration: durationOf(current.task) });
      }
      aim(null);
    },
    [aim],
  );

  const finish = useCallback(
    (current: TimelineDrag) => {
      const patch = dropPatch(current);
      if (patch) onChange(current.task, patch);
      setAnnouncement(describeDrop(current));
      setDrag(null);
      if (current.via === "keyboard") focusHandle(current.task.id);
    },
    [onChange, setDrag],
  );

  const cancel = useCallback(() => {
    const current = dragRef.current;
    if (!current) return;
    setAnnouncement(describeCancel(current));
    setDrag(null);
  }, [setDrag]);

  const begin = useCallback(
    (task: Task, kind: DragKind, via: TimelineDrag["via"]) => {
      const next: TimelineDrag = { task, kind, via, target: originOf(task) };
      setDrag(next);
      setAnnouncement(describeStart(next));
    },
    [setDrag],
  );

  // The pointer is read from the page: dnd-kit's delta does not follow the grid's own scrolling.
  const isPointerDrag = drag?.via === "pointer";
  useEffect(() => {
    if (!isPointerDrag) return;
    const onMove = (event: PointerEvent | TouchEvent) => {
      pointer.current = getEventCoordinates(event);
      if (pointer.current) aimAtPointer(pointer.current.x, pointer.current.y);
    };
    window.addEventListener("pointermove", onMove, { passive: true, capture: true });
    window.addEventListener("touchmove", onMove, { passive: true, capture: true });
    return () => {
      window.removeEventListener("pointermove", onMove, { capture: true });
      window.removeEventListener("touchmove", onMove, { capture: true });
    };
  }, [isPointerDrag, aimAtPointer]);

  const firstStart = useMemo(
    () => (nowMinutes !== null && nowMinutes >= workday.start ? clampStart(Math.ceil(nowMinutes / 15) * 15) : workday.start),
    [nowMinutes, workday.start],
  );

  const handles = useMemo<HandleProps>(
    () => ({
      instructionsId,
      onHandleKeyDown: (event: KeyboardEvent, task: Task) => {
        const current = dragRef.current;
        const isPick = event.key === " " || event.key === "Enter";
        if (!current) {
          if (!isPick) return;
          event.preventDefault();
          return begin(task, "move", "keyboard");
        }
        if (current.via !== "keyboard" || current.task.id !== task.id) return;
        if (isPick) {
          event.preventDefault();
          return finish(current);
        }
        if (event.key === "Escape") {
          event.preventDefault();
          event.stopPropagation();
          return cancel();
        }
        if (event.key.startsWith("Arrow")) {
          event.preventDefault();
          const target = keyboardTarget(current, event.key, event.shiftKey, firstStart);
          if (target) aim(target);
        }
      },
      onHandleBlur: () => {
        if (dragRef.current?.via === "keyboard") cancel();
      },
    }),
    [instructionsId, begin, finish, cancel, aim, firstStart],
  );

  useEffect(() => {
    if (drag?.via === "keyboard") ghostRef.current?.scrollIntoView?.({ block: "nearest" });
  }, [drag]);

  const sensors = useDragSensors();

  function onDragStart({ active, activatorEvent }: DragStartEvent) {
    const data = active.data.current as { task: Task; kind: DragKind } | undefined;
    if (!data) return;
    const at = getEventCoordinates(activatorEvent);
    const content = contentRef.current?.getBoundingClientRect();
    const span = taskSpan(data.task);
    grabOffset.current = at && content && span && data.kind === "move" ? pxToMinutes(at.y - content.top) - span.start : 0;
    pointer.current = at;
    begin(data.task, data.kind, "pointer");
  }

  function onDragEnd() {
    const current = dragRef.current;
    if (!current) return;
    if (pointer.current) aimAtPointer(pointer.current.x, pointer.current.y);
    suppressClick.current = true;
    setTimeout(() => (suppressClick.current = false), 0);
    finish(dragRef.current ?? current);
  }

  // dnd-kit scrolls the grid when the pointer nears its top or bottom, even from beside it (over the list):
  // only a thin band, and only with the pointer above the grid.
  const autoScroll = useMemo(
    () => ({
      threshold: { x: 0, y: 0.08 },
      canScroll: () => {
        const box = viewportRef.current?.getBoundingClientRect();
        const at = pointer.current;
        return !box || !at || (at.x >= box.left && at.x <= box.right);
      },
    }),
    [],
  );

  const openTask = useCallback(
    (task: Task) => {
      if (!suppressClick.current) onOpenTask(task);
    },
    [onOpenTask],
  );

  const placed = useMemo(
    () =>
      layoutColumns([
        ...scheduled.map(({ task, span }) => ({ id: `task:${task.id}`, ...span })),
        ...events.map(({ event, span }) => ({ id: `event:${event.calendarId}:${event.id}`, ...span })),
      ]),
    [scheduled, events],
  );

  const target = drag?.target;
  const ghost: Span | null = target?.where === "grid" ? { start: target.start, end: target.start + target.duration } : null;
  const isOverList = target?.where === "list" && drag?.task.scheduledStartTime !== null;

  return (
    <DndContext
      sensors={sensors}
      autoScroll={autoScroll}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={cancel}
      accessibility={ACCESSIBILITY}
    >
      <div className="grid gap-4 md:grid-cols-[minmax(10rem,14rem)_1fr]">
        <section
          ref={listRef}
          aria-label="Unscheduled tasks"
          className={cn("flex flex-col gap-2 rounded-xl border bg-muted/40 p-3", isOverList && "ring-2 ring-indigo-500")}
        >
          <h2 className="text-sm font-semibold">Unscheduled</h2>
          {unscheduled.length === 0 ? (
            <p className="text-xs text-muted-foreground">Every To Do task has a time. Drag a block here to clear its time.</p>
          ) : (
            <ul className="grid gap-1.5" aria-label="Unscheduled To Do tasks">
              {unscheduled.map((task) => (
                <ListedTask key={task.id} task={task} isDragged={drag?.task.id === task.id} onOpen={openTask} handles={handles} />
              ))}
            </ul>
          )}
        </section>
        <div
          ref={viewportRef}
          role="region"
          aria-label="Hours of the day"
          tabIndex={0}
          className="relative overflow-y-auto rounded-xl border bg-muted/50 focus-visible:outline-2 focus-visible:outline-ring"
          style={{ height: minutesToPx(workday.end - workday.start) + 16 }}
        >
          <div ref={contentRef} className="relative" style={{ height: minutesToPx(MINUTES_PER_DAY) }}>
            <TimelineHours workday={workday} nowMinutes={nowMinutes} />
            <div className="absolute inset-y-0 right-2 left-16">
              <ul aria-label="Scheduled tasks and events" className="contents">
                {events.map(({ event, span, colour }) => (
                  <EventBlock
                    key={`${event.calendarId}-${event.id}`}
                    event={event}
                    span={span}
                    colour={colour}
                    placed={placed.get(`event:${event.calendarId}:${event.id}`)}
                  />
                ))}
                {scheduled.map(({ task, span }) => (
                  <TaskBlock
                    key={task.id}
                    task={task}
                    span={span}
                    placed={placed.get(`task:${task.id}`)}
                    isDragged={drag?.task.id === task.id}
                    onOpen={openTask}
                    handles={handles}
                  />
                ))}
              </ul>
              {drag && ghost ? <GhostBlock ref={ghostRef} task={drag.task} span={ghost} /> : null}
            </div>
          </div>
        </div>
      </div>
      <p id={instructionsId} hidden>
        {TIMELINE_DRAG_INSTRUCTIONS}
      </p>
      <div role="status" aria-live="assertive" aria-atomic="true" className="sr-only" data-testid="timeline-announcement">
        {announcement}
      </div>
      <DragOverlay dropAnimation={null}>
        {drag?.via === "pointer" && drag.kind === "move" && target?.where !== "grid" ? (
          <div
            aria-hidden="true"
            className="w-48 truncate rounded-md border bg-card px-2 py-1 text-sm font-medium shadow-lg ring-2 ring-indigo-300"
          >
            {drag.task.title}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
