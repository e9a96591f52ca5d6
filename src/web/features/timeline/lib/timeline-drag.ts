import type { Task } from "../../../../shared/api/tasks.ts";
import { formatDuration, formatTime12h } from "../../../../shared/rules/format.ts";
import { DEFAULT_TASK_MINUTES, SNAP_MINUTES, clampDuration, clampStart, minutesToTime, taskSpan } from "./timeline-layout.ts";

export type DragKind = "move" | "resize";

export type DragTarget = { where: "grid"; start: number; duration: number } | { where: "list" };

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

export function originOf(task: Task): DragTarget {
  const span = taskSpan(task);
  return span ? { where: "grid", start: span.start, duration: durationOf(task) } : { where: "list" };
}

/** Up and Down move by 15 minutes, with Shift they change the length; Right puts a listed task into the grid, Left back into the list. */
export function keyboardTarget(drag: TimelineDrag, key: string, shift: boolean, firstStart: number): DragTarget | null {
  const target = drag.target ?? originOf(drag.task);
  if (key === "ArrowLeft") return { where: "list" };
  if (target.where === "list") {
    const origin = originOf(drag.task);
    const entry = origin.where === "grid" ? origin : { where: "grid" as const, start: firstStart, duration: durationOf(drag.task) };
    return key === "ArrowRight" || key === "ArrowUp" || key === "ArrowDown" ? entry : null;
  }
  const step = key === "ArrowDown" ? SNAP_MINUTES : key === "ArrowUp" ? -SNAP_MINUTES : 0;
  if (step === 0) return null;
  if (!shift) return { ...target, start: clampStart(target.start + step) };
  const quarters = step > 0 ? Math.floor(target.duration / SNAP_MINUTES) + 1 : Math.ceil(target.duration / SNAP_MINUTES) - 1;
  return { ...target, duration: clampDuration(quarters * SNAP_MINUTES) };
}

/** What the drop sends, or null when nothing would change. */
export function dropPatch(drag: Pick<TimelineDrag, "task" | "target">): TaskTimePatch | null {
  const { task, target } = drag;
  if (!target) return null;
  if (target.where === "list") return task.scheduledStartTime === null ? null : { scheduledStartTime: null };
  const patch: TaskTimePatch = {};
  const time = minutesToTime(target.start);
  if (time !== task.scheduledStartTime) patch.scheduledStartTime = time;
  if (target.duration !== durationOf(task)) patch.estimatedDuration = target.duration;
  return Object.keys(patch).length > 0 ? patch : null;
}

const quoted = (task: Task) => `"${task.title}"`;

function range(start: number, duration: number): string {
  return `${formatTime12h(minutesToTime(start))} to ${formatTime12h(minutesToTime(Math.min(start + duration, 24 * 60 - 1)))}`;
}

export function describeTarget(drag: TimelineDrag): string {
  const { task, target } = drag;
  if (!target) return `${quoted(task)} is outside the timeline.`;
  if (target.where === "list") return `${quoted(task)} is over the unscheduled list.`;
  return `${quoted(task)} is at ${range(target.start, target.duration)}.`;
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
  if (patch.scheduledStartTime === null) return `${quoted(drag.task)} was moved to the unscheduled list.`;
  const parts = [];
  if (patch.scheduledStartTime) parts.push(`was scheduled at ${formatTime12h(patch.scheduledStartTime)}`);
  if (patch.estimatedDuration !== undefined) parts.push(`now lasts ${formatDuration(patch.estimatedDuration)}`);
  return `${quoted(drag.task)} ${parts.join(" and ")}.`;
}

export function describeCancel(drag: TimelineDrag): string {
  return `Moving ${quoted(drag.task)} was cancelled. It stays where it was.`;
}

export const TIMELINE_DRAG_INSTRUCTIONS =
  "Press Space or Enter to pick the task up. The up and down arrow keys move it by 15 minutes, and with Shift " +
  "change its length; the right arrow key puts a listed task into the grid and the left arrow key back into the " +
  "list. Press Space or Enter to drop it, or Escape to cancel.";
