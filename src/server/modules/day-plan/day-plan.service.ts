// 'Plan my day' (issue 52): the day's unscheduled tasks placed by the pure scheduler (src/shared/rules/day-plan.ts)
// around meetings and timed tasks, answered as a proposal the user applies and undoes (decision 050).
import type { Kysely } from "kysely";
import { PROPOSAL_MAX_CHANGES } from "../../../shared/api/ai-proposals.ts";
import { type DayPlanResponse, PLAN_DAY_TOOL, type UnplacedTask } from "../../../shared/api/day-plan.ts";
import { dayPlanEvent, NO_FREE_TIME_LEFT, nowOnDay, planDay, minutesOfTime, timeOfMinutes } from "../../../shared/rules/day-plan.ts";
import { boardColumnOf } from "../../../shared/rules/task-status.ts";
import type { Dialect } from "../../db/database.ts";
import type { Database } from "../../db/schema.ts";
import { proposalsService } from "../ai-proposals/proposals.service.ts";
import { calendarEvents } from "../calendar/calendar.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";

export interface DayPlanServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
}

export function dayPlanService(deps: DayPlanServiceDeps) {
  const tasks = tasksService(deps);
  const calendars = calendarEvents(deps);
  const users = usersService(deps);
  const proposals = proposalsService(deps);

  return {
    /** Writes no task: the schedule is an open proposal (the same one again while nothing changed). */
    async planDay(userId: string, date: string): Promise<DayPlanResponse> {
      const [user, ofDay, events] = await Promise.all([
        users.getUser(userId),
        tasks.listTasksOfDay(userId, date),
        calendars.listEvents(userId, { date }),
      ]);
      const waiting = ofDay.filter((task) => task.scheduledStartTime === null && boardColumnOf(task.status) !== "done");
      const plan = planDay({
        workdayStart: user.workdayStart,
        workdayEnd: user.workdayEnd,
        now: nowOnDay(date, deps.now(), user.timeZone),
        events: events.map((event) => dayPlanEvent(event, date)),
        timedTasks: ofDay.flatMap((task) =>
          task.scheduledStartTime === null
            ? []
            : [{ start: minutesOfTime(task.scheduledStartTime), estimatedDuration: task.estimatedDuration }],
        ),
        // Goals carry no priority in the product yet: the board's order decides.
        tasks: waiting.map(({ id, title, status, position, estimatedDuration }) => ({
          id,
          title,
          status,
          position,
          estimatedDuration,
          goalPriority: null,
        })),
      });
      const placed = plan.placed.slice(0, PROPOSAL_MAX_CHANGES);
      const overflow = plan.placed.slice(PROPOSAL_MAX_CHANGES).map(({ taskId }): UnplacedTask => ({
        taskId,
        title: waiting.find((task) => task.id === taskId)!.title,
        reason: NO_FREE_TIME_LEFT,
      }));
      const operations = placed.map(({ taskId, start }) => ({
        kind: "updateTask" as const,
        taskId,
        body: { scheduledStartTime: timeOfMinutes(start) },
      }));
      const proposal =
        operations.length === 0
          ? null
          : await proposals.propose(userId, PLAN_DAY_TOOL, operations, { reuseOpen: true, knownTasks: waiting });
      return { proposal, unplaced: [...plan.unplaced, ...overflow] };
    },
  };
}
