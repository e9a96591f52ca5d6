import type { DayStatsResponse, FutureTasksQuery, Task } from "../../../shared/api/tasks.ts";
import { overdueWindowStart } from "../../../shared/rules/future-tasks.ts";
import { movedOnBeyond } from "../../../shared/rules/day-history.ts";
import { rolloverService } from "../rollover/rollover.service.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { taskSearchService } from "../task-search/task-search.service.ts";
import type { TasksServiceDeps } from "./task-rows.ts";
import { type GoalTaskOutline, tasksRepository } from "./tasks.repository.ts";

export function listTasksUseCase(deps: TasksServiceDeps) {
  const repository = tasksRepository(deps.kysely, deps.dialect);
  const recurrence = recurrenceService(deps);
  const search = taskSearchService(deps);
  const rollover = rolloverService(deps);

  return {
    async listTasksOfDay(userId: string, date: string): Promise<Task[]> {
      await recurrence.readyDay(userId, date);
      return repository.listTasksOfDay(userId, date);
    },

    /** `today` first (usersService.userToday): the overdue part of the list depends on it, and a cached answer is keyed by it. */
    // A series shows its next occurrence only, and a missed one is not carried as overdue.
    async listFutureTasks(userId: string, query: FutureTasksQuery, today: string): Promise<Task[]> {
      const window = { ...query, today, overdueSince: overdueWindowStart(today) };
      let tasks = await repository.listFutureTasks(userId, window);
      const shown = new Set(tasks.filter((task) => task.date !== null && task.date >= query.startDate).map((task) => task.seriesId));
      if (await recurrence.readyFirstOccurrences(userId, query.startDate, query.endDate, shown)) {
        tasks = await repository.listFutureTasks(userId, window);
      }
      const seen = new Set<string>();
      return tasks.filter((task) => {
        if (task.seriesId === null || task.date === null) return true;
        if (task.date < query.startDate || seen.has(task.seriesId)) return false;
        seen.add(task.seriesId);
        return true;
      });
    },

    /** The user's tasks among `taskIds` (another user's or an unknown id is left out), in no order. */
    findTasks(userId: string, taskIds: readonly string[]): Promise<Task[]> {
      return repository.findTasks(userId, taskIds);
    },

    listGoalTaskOutlines(userId: string, goalId: string, limit: number): Promise<GoalTaskOutline[]> {
      return repository.listGoalTaskOutlines(userId, goalId, limit);
    },

    searchTasks(userId: string, words: readonly string[], limit: number): Promise<Task[]> {
      return search.searchTasks(userId, words, limit);
    },

    pageForExport: repository.pageForExport,
    pageByDateForExport: repository.pageByDateForExport,
    pageUndatedForExport: repository.pageUndatedForExport,
    listOccurrenceDays: repository.listOccurrenceDays,
    findImportMatches: repository.findImportMatches,
    /** The calendar feed's one-off tasks dated in [from, to], with their goal's title. */
    listForFeed: repository.listForFeed,
    listOccurrencesForFeed: repository.listOccurrencesForFeed,
    /** The tasks dated in [from, to] as the daily insights and the weekly summary read them. */
    listForInsights: repository.listForInsights,

    /** On a closed day, totalTasks counts the tasks its close moved on too (movedOn): they were planned that day. */
    async getDayStats(userId: string, date: string): Promise<DayStatsResponse> {
      const [counts, [closed]] = await Promise.all([repository.countDayStats(userId, date), rollover.listClosedDays(userId, date, date)]);
      if (!closed) return { ...counts, closed: false, movedOn: 0 };
      const movedOn = movedOnBeyond([closed], await repository.findIdsOnDay(userId, date, closed.movedOn)).length;
      return { totalTasks: counts.totalTasks + movedOn, rolledOver: counts.rolledOver, closed: true, movedOn };
    },
  };
}
