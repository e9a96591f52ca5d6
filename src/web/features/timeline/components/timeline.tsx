import { useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import { useDayEvents } from "../../calendar/index.ts";
import { useUpdateTask } from "../../tasks/index.ts";
import { useMediaQuery } from "../../../hooks/use-media-query.ts";
import { afterNextPaint } from "../../../lib/after-next-paint.ts";
import { useNowMinutes } from "../hooks/use-now-minutes.ts";
import type { TaskTimePatch } from "../lib/timeline-drag.ts";
import { DEFAULT_WORKDAY_END, DEFAULT_WORKDAY_START, clampStart, minutesToTime, timeToMinutes } from "../lib/timeline-layout.ts";
import { timelineModel } from "../lib/timeline-model.ts";
import { TimelineAgenda } from "./timeline-agenda.tsx";
import { TimelineBoard } from "./timeline-board.tsx";

export interface TimelineProps {
  date: string;
  tasks: readonly Task[];
  timeZone: string;
  isToday: boolean;
  onOpenTask: (task: Task) => void;
  /** 'HH:MM'; the user's working day once preferences carry it. */
  workdayStart?: string;
  workdayEnd?: string;
}

const WIDE = "(min-width: 48rem)";

interface Dropped {
  tasks: readonly Task[];
  id: string;
  patch: TaskTimePatch;
}

/** The Today page's day in time: an hour grid beside the unscheduled To Do tasks, or below md an agenda. */
export function Timeline({
  date,
  tasks,
  timeZone,
  isToday,
  onOpenTask,
  workdayStart = DEFAULT_WORKDAY_START,
  workdayEnd = DEFAULT_WORKDAY_END,
}: TimelineProps) {
  const { events, subscriptions } = useDayEvents(date);
  const nowMinutes = useNowMinutes(isToday ? timeZone : null);
  const isWide = useMediaQuery(WIDE);
  const { mutate } = useUpdateTask();
  const [dropped, setDropped] = useState<Dropped | null>(null);
  const latestTasks = useRef(tasks);
  useLayoutEffect(() => {
    latestTasks.current = tasks;
  }, [tasks]);
  // Until the cache has the change, the dropped task is drawn from the drop itself.
  const shownTasks = useMemo(
    () => (dropped?.tasks === tasks ? tasks.map((task) => (task.id === dropped.id ? { ...task, ...dropped.patch } : task)) : tasks),
    [tasks, dropped],
  );
  const model = useMemo(() => timelineModel(shownTasks, events, subscriptions, date), [shownTasks, events, subscriptions, date]);
  const workday = useMemo(() => ({ start: timeToMinutes(workdayStart), end: timeToMinutes(workdayEnd) }), [workdayStart, workdayEnd]);
  // The block moves in the drop's own frame; the write, which re-renders the whole page from the cache, waits for the paint.
  const onChange = useCallback(
    (task: Task, patch: TaskTimePatch) => {
      setDropped({ tasks: latestTasks.current, id: task.id, patch });
      afterNextPaint(() => mutate({ id: task.id, patch, title: task.title }));
    },
    [mutate],
  );
  const defaultTime = minutesToTime(
    nowMinutes !== null && nowMinutes > workday.start ? clampStart(Math.ceil(nowMinutes / 15) * 15) : workday.start,
  );

  return (
    <div className="grid gap-3" data-testid="timeline">
      {model.allDay.length > 0 ? (
        <ul aria-label="All-day events" className="flex flex-wrap gap-1.5">
          {model.allDay.map(({ event, colour }) => (
            <li
              key={`${event.calendarId}-${event.id}`}
              className="max-w-full truncate rounded-md border border-l-4 bg-slate-100 px-2 py-0.5 text-xs"
              style={{ borderLeftColor: colour }}
            >
              {event.title} <span className="text-muted-foreground">· All day</span>
            </li>
          ))}
        </ul>
      ) : null}
      {isWide ? (
        <TimelineBoard
          scheduled={model.scheduled}
          unscheduled={model.unscheduled}
          events={model.events}
          workday={workday}
          nowMinutes={nowMinutes}
          onOpenTask={onOpenTask}
          onChange={onChange}
        />
      ) : (
        <TimelineAgenda
          model={model}
          defaultTime={defaultTime}
          onOpenTask={onOpenTask}
          onSchedule={(task, time) => onChange(task, { scheduledStartTime: time })}
        />
      )}
    </div>
  );
}
