// The stalled rule in the scheduler (product-decisions.md "Task lifecycle": the server applies it
// "when stalled tasks are read and in its scheduler, so every client sees the same state"). Reading
// the stalled list applies it to the reader's tasks (tasks.service.ts listStalledTasks); each tick
// applies it to everyone's, so a task past its deadline shows as stalled on every device and in
// every read within one tick, whether or not a board asked for the stalled list. Across instances
// each stall is conditional on the session it read, so two ticks cannot both apply one.
import type { Db } from "../db/database.ts";
import { tasksService } from "../modules/tasks/tasks.service.ts";

export type StalledSessionsJob = ReturnType<typeof stalledSessionsJob>;

export function stalledSessionsJob({ db, now }: { db: Db; now: () => Date }) {
  const tasks = tasksService({ kysely: db.kysely, dialect: db.dialect, now });
  return {
    /** Stalls every in-progress task past its deadline; returns how many. */
    stallOverdueSessions(): Promise<number> {
      return tasks.stallOverdueSessionsOfEveryone();
    },
  };
}
