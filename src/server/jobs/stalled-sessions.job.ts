// Each tick applies the stalled rule to everyone's tasks, so every read shows them stalled, not only the stalled list's (decision 019).
import type { Db } from "../db/database.ts";
import { tasksService } from "../modules/tasks/tasks.service.ts";

export type StalledSessionsJob = ReturnType<typeof stalledSessionsJob>;

export function stalledSessionsJob({ db, now }: { db: Db; now: () => Date }) {
  const tasks = tasksService({ kysely: db.kysely, dialect: db.dialect, now });
  return {
    stallOverdueSessions(): Promise<number> {
      return tasks.stallOverdueSessionsOfEveryone();
    },
  };
}
