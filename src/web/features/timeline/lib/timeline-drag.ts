import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration, formatTime12h } from "../../../../shared/rules/format.ts";
import { DEFAULT_TASK_MINUTES, SNAP_MINUTES, clampDuration, clampStart, minutesToTime, taskSpan } from "./timeline-layout.ts";

export type DragKind = "move" | "resize";

export type DragTarget = { where: "grid"; start: number } | { where: "list" } | { where: "length"; duration: number };

export interface TimelineDrag {
  task: Task;
  kind: DragKind;
  via: "pointer" | "keyboard";
  target: DragTarget | null;
}

export interface TaskTimePatch {
  scheduledStartTime?: string | null;
  estimatedDuration?: number;
}

export function durationOf(task: Pick<Task, "estimatedDuration">): number {
  return task.estimatedDuration ?? DEFAULT_TASK_MINUTES;
}

export function originOf(task: Task, kind: DragKind): DragTarget {
  if (kind === "resize") return { where: "length", duration: durationOf(task) };
  const span = taskSpan(task);
  return span ? { where: "grid", start: span.start } : { where: "list" };
}

/** Up and Down move by 15 minutes (or lengthen and shorten), Right puts a listed task into the grid, Left back into the list. */
export function keyboardTarget(drag: TimelineDrag, key: string, firstStart: number): DragTarget | null {
  const target = drag.target ?? originOf(drag.task, drag.kind);
  if (target.where === "length") {
    const duration = target.duration;
    if (key === "ArrowDown")
      return { where: "length", duration: clampDuration(Math.floor(duration / SNAP_MINUTES) * SNAP_MINUTES + SNAP_MINUTES) };
    if (key === "ArrowUp")
      return { where: "length", duration: clampDuration(Math.ceil(duration / SNAP_MINUTES) * SNAP_MINUTES - SNAP_MINUTES) };
    return null;
  }
  if (key === "ArrowLeft") return { where: "list" };
  const origin = originOf(drag.task, "move");
  const enterAt = origin.where === "grid" ? origin.start : firstStart;
  if (target.where === "list")
    return key === "ArrowRight" || key === "ArrowUp" || key === "ArrowDown" ? { where: "grid", start: enterAt } : null;
  if (key === "ArrowUp") return { where: "grid", start: clampStart(target.start - SNAP_MINUTES) };
  if (key === "ArrowDown") return { where: "grid", start: clampStart(target.start + SNAP_MINUTES) };
  return null;
}

/** What the drop sends, or null when nothing would change. */
export function dropPatch(drag: Pick<TimelineDrag, "task" | "target">): TaskTimePatch | null {
  const { task, target } = drag;
  if (!target) return null;
  if (target.where === "length") return target.duration === durationOf(task) ? null : { estimatedDuration: target.duration };
  if (target.where === "list") return task.scheduledStartTime === null ? null : { scheduledStartTime: null };
  const time = minutesToTime(target.start);
  return time === task.scheduledStartTime ? null : { scheduledStartTime: time };
}

const quoted = (task: Task) => `"${task.title}"`;

function range(start: number, duration: number): string {
  return `${formatTime12h(minutesToTime(start))} to ${formatTime12h(minutesToTime(Math.min(start + duration, 24 * 60 - 1)))}`;
}

export function describeTarget(drag: TimelineDrag): string {
  const { task, target } = drag;
  if (!target) return `${quoted(task)} is outside the timeline.`;
  if (target.where === "list") return `${quoted(task)} is over the unscheduled list.`;
  if (target.where === "grid") return `${quoted(task)} is at ${range(target.start, durationOf(task))}.`;
  const start = taskSpan(task)?.start ?? 0;
  return `${quoted(task)} lasts ${formatDuration(target.duration)}, ${range(start, target.duration)}.`;
}

export function describeStart(drag: TimelineDrag): string {
  const { task } = drag;
  if (drag.kind === "resize") return `Picked up the lower edge of ${quoted(task)}, which lasts ${formatDuration(durationOf(task))}.`;
  const span = taskSpan(task);
  if (!span) return `Picked up ${quoted(task)} from the unscheduled list.`;
  return `Picked up ${quoted(task)}, at ${range(span.start, durationOf(task))}.`;
}

export function describeDrop(drag: TimelineDrag): string {
  const patch = dropPatch(drag);
  if (!patch) return `${quoted(drag.task)} was dropped where it was.`;
  if (patch.estimatedDuration !== undefined) return `${quoted(drag.task)} now lasts ${formatDuration(patch.estimatedDuration)}.`;
  if (patch.scheduledStartTime === null) return `${quoted(drag.task)} was moved to the unscheduled list.`;
  return `${quoted(drag.task)} was scheduled at ${formatTime12h(patch.scheduledStartTime ?? null)}.`;
}

export function describeCancel(drag: TimelineDrag): string {
  return `Moving ${quoted(drag.task)} was cancelled. It stays where it was.`;
}

export const TIMELINE_DRAG_INSTRUCTIONS =
  "Press Space or Enter to pick the task up. The up and down arrow keys move it by 15 minutes, or change its length " +
  "from its lower edge; the right arrow key puts a listed task into the grid and the left arrow key back into the " +
  "list. Press Space or Enter to drop it, or Escape to cancel.";
