import { ESTIMATED_DURATION_MIN_MINUTES } from "../../../shared/api/task-limits.ts";
import type { Task } from "../../../shared/api/tasks.ts";
import { statusChangeStamps } from "../../../shared/rules/task-lifecycle.ts";
import { isPastStallThreshold, STALL_FACTOR, stallDeadline } from "../../../shared/rules/task-timing.ts";
import { writeUserData } from "../../db/user-data.ts";
import { TASK_CHANGES, type TasksServiceDeps } from "./task-rows.ts";
import { type TaskChanges, tasksRepository, type TaskState } from "./tasks.repository.ts";

export function stalledTasksUseCase({ kysely, dialect, now }: TasksServiceDeps) {
  const repository = tasksRepository(kysely, dialect);

  async function stallOverdueSessions(userId: string, tasks: readonly TaskState[]): Promise<number> {
    const at = now();
    const overdue = tasks.filter((task) => task.currentSessionStartedAt && isPastStallThreshold(task, at));
    if (overdue.length === 0) return 0;
    return writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
      const inTransaction = tasksRepository(trx, dialect);
      let stalled = 0;
      for (const task of overdue) {
        const changes: TaskChanges = { ...statusChangeStamps(task, "stalled", stallDeadline(task) ?? at), updatedAt: at.toISOString() };
        if (await inTransaction.updateInProgressSession(userId, task.id, task.currentSessionStartedAt!, changes)) stalled++;
      }
      return stalled;
    });
  }

  return {
    /** The stalled rule first, as listStalledTasks: the latest `limit` stalled tasks off `day`, and how many stalled tasks there are. */
    async latestStalledElsewhere(userId: string, day: string, limit: number): Promise<{ tasks: Task[]; total: number }> {
      await stallOverdueSessions(userId, await repository.listInProgressStates(userId));
      return repository.latestStalledElsewhere(userId, day, limit);
    },

    async listStalledTasks(userId: string): Promise<Task[]> {
      await stallOverdueSessions(userId, await repository.listInProgressStates(userId));
      return repository.listTasksWithStatus(userId, "stalled");
    },

    async stallOverdueSessionsOfEveryone(): Promise<number> {
      // No deadline comes sooner than 150% of the shortest estimate a task can have.
      const startedBy = new Date(now().getTime() - ESTIMATED_DURATION_MIN_MINUTES * STALL_FACTOR * 60_000).toISOString();
      const candidates = await repository.listInProgressStatesStartedBy(startedBy);
      const byUser = new Map<string, TaskState[]>();
      for (const task of candidates) {
        const tasks = byUser.get(task.userId);
        if (tasks) tasks.push(task);
        else byUser.set(task.userId, [task]);
      }
      let stalled = 0;
      for (const [userId, tasks] of byUser) stalled += await stallOverdueSessions(userId, tasks);
      return stalled;
    },
  };
}
