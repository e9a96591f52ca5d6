import type { CalendarEvent, CalendarSubscription } from "../../../../shared/api/calendar.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import { sortByTaskOrder } from "../../../../shared/rules/task-order.ts";
import { type Span, eventSpan, taskSpan } from "./timeline-layout.ts";

export const FALLBACK_EVENT_COLOUR = "#64748b";

export interface TimelineModel {
  scheduled: { task: Task; span: Span }[];
  unscheduled: Task[];
  events: { event: CalendarEvent; span: Span; colour: string }[];
  allDay: { event: CalendarEvent; colour: string }[];
}

/** The day split for the grid: timed tasks (in the given order) and events with their spans, the To Do tasks without a time in the board's order. */
export function timelineModel(
  tasks: readonly Task[],
  events: readonly CalendarEvent[],
  subscriptions: readonly Pick<CalendarSubscription, "id" | "colour">[],
  date: string,
): TimelineModel {
  const colours = new Map(subscriptions.map((subscription) => [subscription.id, subscription.colour]));
  const colourOf = (event: CalendarEvent) => colours.get(event.calendarId) ?? FALLBACK_EVENT_COLOUR;
  // The day's list is in task order, start time first: a dropped task keeps its place in the DOM (and its focus) until the cache has it.
  const scheduled = tasks.flatMap((task) => {
    const span = taskSpan(task);
    return span ? [{ task, span }] : [];
  });
  const unscheduled = sortByTaskOrder(tasks.filter((task) => task.status === "todo" && task.scheduledStartTime === null));
  const timed = events.flatMap((event) => {
    const span = eventSpan(event, date);
    return span ? [{ event, span, colour: colourOf(event) }] : [];
  });
  const allDay = events.filter((event) => event.allDay).map((event) => ({ event, colour: colourOf(event) }));
  return { scheduled, unscheduled, events: timed, allDay };
}
