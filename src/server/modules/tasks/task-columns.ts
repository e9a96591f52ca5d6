import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";

export const taskColumns = [
  "tasks.id",
  "tasks.userId",
  "tasks.goalId",
  "tasks.title",
  "tasks.description",
  "tasks.status",
  "tasks.date",
  "tasks.estimatedDuration",
  "tasks.scheduledStartTime",
  "tasks.firstStartedAt",
  "tasks.currentSessionStartedAt",
  "tasks.workSessionCount",
  "tasks.startedAt",
  "tasks.completedAt",
  "tasks.trackedMinutes",
  "tasks.rolloverCount",
  "tasks.firstPlannedDate",
  "tasks.rolledOverFromDate",
  "tasks.position",
  "tasks.seriesId",
  "tasks.checklist",
  "tasks.createdAt",
  "tasks.updatedAt",
] as const;

export // Start time first, none last, written out: PostgreSQL and SQLite put nulls at opposite ends (decision 024).
const startTimeNoneLast = sql`case when ${sql.ref("tasks.scheduledStartTime")} is null then 1 else 0 end`;

export function selectTasksOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("tasks")
    .leftJoin("goals", (join) => join.onRef("goals.id", "=", "tasks.goalId").onRef("goals.userId", "=", "tasks.userId"))
    .leftJoin("taskSeries", "taskSeries.id", "tasks.seriesId")
    .select([...taskColumns, "goals.title as goalTitle", "taskSeries.recurrence as recurrence"])
    .where("tasks.userId", "=", userId);
}
