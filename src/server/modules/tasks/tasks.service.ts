// The tasks module's service: one file per use case, built here into the one object other modules use.
import { checklistUseCase } from "./checklist-items.ts";
import { createTasksUseCase } from "./create-tasks.ts";
import { deleteTasksUseCase } from "./delete-tasks.ts";
import { listTasksUseCase } from "./list-tasks.ts";
import { restoreTasksUseCase } from "./restore-tasks.ts";
import { stalledTasksUseCase } from "./stalled-tasks.ts";
import type { TasksServiceDeps } from "./task-rows.ts";
import { updateTasksUseCase } from "./update-tasks.ts";

export type { SeriesRow } from "../recurrence/recurrence.service.ts";
export type { CreateTasksOptions } from "./create-tasks.ts";
export type { TasksServiceDeps } from "./task-rows.ts";
export type { GoalTaskOutline, NewTask } from "./tasks.repository.ts";

export function tasksService(deps: TasksServiceDeps) {
  return {
    ...listTasksUseCase(deps),
    ...createTasksUseCase(deps),
    ...updateTasksUseCase(deps),
    ...deleteTasksUseCase(deps),
    ...restoreTasksUseCase(deps),
    ...stalledTasksUseCase(deps),
    ...checklistUseCase(deps),
  };
}
