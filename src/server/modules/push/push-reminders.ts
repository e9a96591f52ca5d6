// Which reminders are due for one user at one moment, and when to look again: pure, so that tests give the clock.
import type { PushPayload, PushSettings } from "../../../shared/api/push.ts";
import { addDays, daysBetween, startOfDayInZone, timeOfDayInZone, todayInZone, zonedDateTime } from "../../../shared/rules/dates.ts";

const MINUTE = 60_000;
/** The latest a user is looked at again, whatever is known: the day turns, a missed change is caught. */
export const RECHECK_MS = 60 * MINUTE;
const WRAP_UP_WORTH_MS = 60 * MINUTE;

export interface TimedTask {
  id: string;
  title: string;
  date: string | null;
  scheduledStartTime: string | null;
}

/** A closed day's summary: its tasks moved to the next day. */
export interface ClosedDay {
  date: string;
  rolledOverCount: number;
  createdAt: string;
}

export interface StalledTask {
  id: string;
  title: string;
  date: string | null;
  updatedAt: string;
}

export interface DeadlineGoal {
  id: string;
  title: string;
  targetDate: string | null;
  totalTasksCount: number;
  completedTasksCount: number;
}

/** As the in-page notice (docs/decisions/011): days either side of the target date, once a day. */
export const GOAL_DEADLINE_NOTICE_DAYS = 3;
const STALL_WORTH_MS = 24 * 60 * MINUTE;

export interface Reminder {
  key: string;
  payload: PushPayload;
  /** Past this it is dropped unsent. */
  expiresAt: Date;
}

export interface ReminderInputs {
  now: Date;
  timeZone: string;
  settings: PushSettings;
  tasks: readonly TimedTask[];
  closes?: readonly ClosedDay[];
  stalled?: readonly StalledTask[];
  goals?: readonly DeadlineGoal[];
}

interface Candidate extends Reminder {
  moment: Date;
}

const dayPath = (day: string, today: string) => (day === today ? "/" : `/?date=${encodeURIComponent(day)}`);
/** The day with the task's dialog open (the Today page reads `task`). */
const taskPath = (day: string, today: string, taskId: string) =>
  `${dayPath(day, today)}${day === today ? "?" : "&"}task=${encodeURIComponent(taskId)}`;

function inQuiet(time: string, start: string, end: string): boolean {
  if (start === end) return false;
  return start < end ? time >= start && time < end : time >= start || time < end;
}

/** When the quiet hours holding `now` end, or null outside them. */
export function quietUntil(now: Date, timeZone: string, settings: Pick<PushSettings, "quietStart" | "quietEnd">): Date | null {
  if (!inQuiet(timeOfDayInZone(now, timeZone), settings.quietStart, settings.quietEnd)) return null;
  const today = todayInZone(now, timeZone);
  const end = zonedDateTime(today, settings.quietEnd, timeZone);
  return end > now ? end : zonedDateTime(addDays(today, 1), settings.quietEnd, timeZone);
}

function goalDue(days: number): string {
  if (days < 0) return `is overdue by ${-days} ${days === -1 ? "day" : "days"}`;
  if (days === 0) return "is due today";
  return days === 1 ? "is due tomorrow" : `is due in ${days} days`;
}

function candidates({ now, timeZone, settings, tasks, closes = [], stalled = [], goals = [] }: ReminderInputs): Candidate[] {
  const today = todayInZone(now, timeZone);
  const found: Candidate[] = [];
  if (settings.taskStart) {
    const lead = settings.taskStartLeadMinutes;
    for (const task of tasks) {
      if (!task.date || !task.scheduledStartTime) continue;
      const start = zonedDateTime(task.date, task.scheduledStartTime, timeZone);
      found.push({
        key: `start:${task.id}:${task.date}T${task.scheduledStartTime}`,
        moment: new Date(start.getTime() - lead * MINUTE),
        expiresAt: new Date(start.getTime() + (lead === 0 ? MINUTE : 0)),
        payload: {
          title: lead === 0 ? `Starts now: ${task.title}` : `Starts in ${lead} minutes: ${task.title}`,
          body: `At ${task.scheduledStartTime}`,
          url: taskPath(task.date, today, task.id),
          tag: `start-${task.id}`,
        },
      });
    }
  }
  if (settings.wrapUp) {
    for (const day of [today, addDays(today, 1)]) {
      const moment = zonedDateTime(day, settings.wrapUpTime, timeZone);
      found.push({
        key: `wrapup:${day}`,
        moment,
        expiresAt: new Date(moment.getTime() + WRAP_UP_WORTH_MS),
        payload: { title: "Time to wrap up your day", body: "Close the day and plan tomorrow", url: "/", tag: "wrap-up" },
      });
    }
  }
  if (settings.rolledOver) {
    for (const close of closes) {
      const count = Number(close.rolledOverCount);
      if (count === 0) continue;
      // The morning after: from the start of the day the tasks moved to, and quiet hours hold it till they end.
      const day = addDays(close.date, 1);
      const dayStart = startOfDayInZone(day, timeZone);
      found.push({
        key: `rolled:${close.date}`,
        moment: new Date(Math.max(dayStart.getTime(), new Date(close.createdAt).getTime())),
        expiresAt: startOfDayInZone(addDays(day, 1), timeZone),
        payload: {
          title: `${count} ${count === 1 ? "task" : "tasks"} rolled over to today`,
          body: "Open Daywise to plan your day",
          url: dayPath(day, today),
          tag: "rolled-over",
        },
      });
    }
  }
  if (settings.stalled) {
    for (const task of stalled) {
      const at = new Date(task.updatedAt);
      found.push({
        key: `stalled:${task.id}`,
        moment: at,
        expiresAt: new Date(at.getTime() + STALL_WORTH_MS),
        payload: {
          title: "Task stalled",
          body: `${task.title}: resume it, complete it or reschedule it`,
          url: task.date ? taskPath(task.date, today, task.id) : "/",
          tag: `stalled-${task.id}`,
        },
      });
    }
  }
  if (settings.goalDeadline) {
    const tomorrow = startOfDayInZone(addDays(today, 1), timeZone);
    for (const goal of goals) {
      if (!goal.targetDate || goal.totalTasksCount <= goal.completedTasksCount) continue;
      const days = daysBetween(today, goal.targetDate);
      if (Math.abs(days) > GOAL_DEADLINE_NOTICE_DAYS) continue;
      const left = goal.totalTasksCount - goal.completedTasksCount;
      found.push({
        key: `goal:${goal.id}:${today}`,
        moment: startOfDayInZone(today, timeZone),
        expiresAt: tomorrow,
        payload: {
          title: days < 0 ? "Goal overdue" : days === 0 ? "Goal due today" : "Goal due soon",
          body: `${goal.title} ${goalDue(days)}, with ${left} ${left === 1 ? "task" : "tasks"} still to do`,
          url: `/goals#goal-${encodeURIComponent(goal.id)}`,
          tag: `goal-${goal.id}`,
        },
      });
    }
  }
  return found;
}

/** The reminders to send now (their keys not yet sent) and the next moment to look again. */
export function dueReminders(inputs: ReminderInputs, alreadySent: (keys: string[]) => Set<string> | Promise<Set<string>>) {
  return (async () => {
    const { now } = inputs;
    const quietEnd = quietUntil(now, inputs.timeZone, inputs.settings);
    let next = now.getTime() + RECHECK_MS;
    const due: Candidate[] = [];
    for (const candidate of candidates(inputs)) {
      if (candidate.expiresAt <= now) continue;
      if (candidate.moment > now) next = Math.min(next, candidate.moment.getTime());
      else if (quietEnd) next = Math.min(next, quietEnd.getTime());
      else due.push(candidate);
    }
    const sent = await alreadySent(due.map((candidate) => candidate.key));
    const send: Reminder[] = due
      .filter((candidate) => !sent.has(candidate.key))
      .map(({ key, payload, expiresAt }) => ({ key, payload, expiresAt }));
    return { send, nextCheckAt: new Date(next) };
  })();
}
