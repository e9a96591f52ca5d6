import { randomUUID } from "node:crypto";
import { CHECKLIST_MAX_ITEMS, type ChecklistItem, type Task, taskSchema, type UpdateTaskBody } from "../../../shared/api/tasks.ts";
import { changeChecklist } from "../../../shared/rules/checklist.ts";
import { AppError } from "../../app-error.ts";
import { seriesOccursOn } from "../../../shared/rules/recurrence.ts";
import { statusChangeStamps } from "../../../shared/rules/task-lifecycle.ts";
import { isCompleted } from "../../../shared/rules/task-status.ts";
import { positionBetween } from "../../../shared/rules/task-order.ts";
import { isPastStallThreshold, stallDeadline } from "../../../shared/rules/task-timing.ts";
import { checklistText, itemsOfTemplate, templateText } from "../../db/checklist-column.ts";
import { writeUserData } from "../../db/user-data.ts";
import { emitWebhook } from "../webhooks/webhook-queue.ts";
import { newSeries, type RecurrenceService, recurrenceService, type SeriesChanges } from "../recurrence/recurrence.service.ts";
import { adjustGoalCounts, goalNotFound, isUntouched, TASK_CHANGES, type TasksServiceDeps, taskNotFound } from "./task-rows.ts";
import { type TaskChanges, type TasksRepository, type TaskState, tasksRepository } from "./tasks.repository.ts";

/** A change of a task's fields; the checklist comes whole (the item routes) or as steps to add (a model's tool). */
export type TaskUpdate = UpdateTaskBody & { checklist?: readonly ChecklistItem[]; addChecklistItems?: readonly string[] };

// "This and following": the series ends before the occurrence's day and, unless the rule goes, carries on in a new series
// from that day: the occurrences it still has take the changes, the others go (or, when worked on, leave the series).
async function changeSeriesFrom(
  inTransaction: TasksRepository,
  recurrence: RecurrenceService,
  userId: string,
  current: TaskState,
  body: TaskUpdate,
  at: string,
): Promise<string | null> {
  const day = current.occurrenceDate!;
  const series = await recurrence.findSeries(userId, current.seriesId!);
  if (!series) return null;
  const fields: SeriesChanges = {};
  if (body.title !== undefined) fields.title = body.title;
  if (body.description !== undefined) fields.description = body.description;
  if (body.estimatedDuration !== undefined) fields.estimatedDuration = body.estimatedDuration;
  if (body.scheduledStartTime !== undefined) fields.scheduledStartTime = body.scheduledStartTime;
  if (body.goalId !== undefined) fields.goalId = body.goalId;
  if (body.checklist !== undefined) fields.checklistTemplate = templateText(body.checklist);
  const next = await recurrence.carryOn(
    userId,
    series,
    day,
    body.recurrence === undefined ? series.recurrence : body.recurrence,
    fields,
    at,
  );
  const { title: _title, checklistTemplate, ...taskFields } = fields;
  for (const task of await inTransaction.listOccurrencesFrom(userId, series.id, day)) {
    if (task.id === current.id) continue;
    if (next && seriesOccursOn(next, task.occurrenceDate!)) {
      const changes: TaskChanges = { ...taskFields, seriesId: next.id, updatedAt: at };
      if (fields.title !== undefined) changes.title = fields.title;
      if (checklistTemplate !== undefined) changes.checklist = checklistText(itemsOfTemplate(checklistTemplate));
      await inTransaction.updateTask(userId, task.id, changes);
      if (fields.goalId !== undefined) {
        await adjustGoalCounts(inTransaction, userId, [[task, { goalId: fields.goalId, status: task.status }]]);
      }
    } else if (isUntouched(task)) {
      await inTransaction.deleteTask(userId, task.id);
      await adjustGoalCounts(inTransaction, userId, [[task, null]]);
    } else {
      await inTransaction.updateTask(userId, task.id, { seriesId: null, updatedAt: at });
    }
  }
  // Before a series that goes is deleted, which would unlink the occurrence being changed.
  await inTransaction.updateTask(userId, current.id, { seriesId: next?.id ?? null });
  await recurrence.endBefore(userId, series, day, at);
  return next?.id ?? null;
}

export function checkRoomFor(items: readonly ChecklistItem[], count: number): void {
  if (items.length + count > CHECKLIST_MAX_ITEMS) {
    throw new AppError("conflict", `A task has at most ${CHECKLIST_MAX_ITEMS} checklist items: delete one to add another`);
  }
}

function withAddedItems(items: readonly ChecklistItem[], titles: readonly string[]): ChecklistItem[] {
  checkRoomFor(items, titles.length);
  return titles.reduce((list, title) => changeChecklist(list, { kind: "add", item: { id: randomUUID(), title } }), [...items]);
}

export async function updateInTransaction(
  { inTransaction, recurrence }: { inTransaction: TasksRepository; recurrence: RecurrenceService },
  userId: string,
  taskId: string,
  body: TaskUpdate,
  at: Date,
): Promise<void> {
  const current = await inTransaction.findTaskState(userId, taskId, { lock: true });
  if (!current) throw taskNotFound();
  if (body.addChecklistItems !== undefined) {
    const { addChecklistItems: titles, ...rest } = body;
    body = { ...rest, checklist: withAddedItems((await inTransaction.findChecklist(userId, taskId)) ?? [], titles) };
  }
  if (body.goalId && body.goalId !== current.goalId) {
    if ((await inTransaction.findGoalTitle(userId, body.goalId)) === undefined) throw goalNotFound();
  }

  const changes: TaskChanges = { updatedAt: at.toISOString() };
  // A new rule always applies from this occurrence on: one day cannot repeat differently from its series.
  const wholeSeries = body.scope === "future" || body.recurrence !== undefined;
  if (current.seriesId !== null && current.occurrenceDate !== null && wholeSeries) {
    changes.seriesId = await changeSeriesFrom(inTransaction, recurrence, userId, current, body, at.toISOString());
  } else if (current.seriesId === null && body.recurrence != null) {
    const full = (await inTransaction.findTask(userId, taskId))!;
    const day = body.date === undefined ? current.date : body.date;
    const series = newSeries(
      body.recurrence,
      day,
      {
        title: body.title ?? full.title,
        description: body.description === undefined ? full.description : body.description,
        estimatedDuration: body.estimatedDuration === undefined ? full.estimatedDuration : body.estimatedDuration,
        scheduledStartTime: body.scheduledStartTime === undefined ? full.scheduledStartTime : body.scheduledStartTime,
        goalId: body.goalId === undefined ? full.goalId : body.goalId,
        checklistTemplate: templateText(body.checklist ?? full.checklist),
      },
      at.toISOString(),
    );
    await recurrence.startSeries(userId, series);
    changes.seriesId = series.id;
    changes.occurrenceDate = day;
  }
  if (body.title !== undefined) changes.title = body.title;
  if (body.description !== undefined) changes.description = body.description;
  if (body.estimatedDuration !== undefined) changes.estimatedDuration = body.estimatedDuration;
  if (body.scheduledStartTime !== undefined) changes.scheduledStartTime = body.scheduledStartTime;
  if (body.goalId !== undefined) changes.goalId = body.goalId;
  if (body.position !== undefined) changes.position = body.position;
  if (body.checklist !== undefined) changes.checklist = checklistText(body.checklist);
  if (body.date !== undefined) {
    changes.date = body.date;
    if (body.date !== current.date && body.position === undefined) {
      changes.position = positionBetween((await inTransaction.findMaxPosition(userId, body.date)) ?? 0, null);
    }
    if (body.date !== null && current.firstPlannedDate === null) changes.firstPlannedDate = body.date;
    // Moved by hand: it did not arrive there by rollover ('(n rolled over)').
    if (body.date !== current.date) changes.rolledOverFromDate = null;
  }
  if (body.status !== undefined) {
    // A session past its deadline ended there whether or not the stalled rule has run yet: its minutes stop at
    // the deadline, and the new status is stamped from 'stalled' (so 'inprogress' is a Resume).
    const deadline = isPastStallThreshold(current, at) ? stallDeadline(current) : null;
    const stalled = deadline ? statusChangeStamps(current, "stalled", deadline) : {};
    Object.assign(changes, stalled, statusChangeStamps({ ...current, ...stalled }, body.status, at));
  }

  await inTransaction.updateTask(userId, taskId, changes);
  // The row is locked (PostgreSQL) or the database is (SQLite), so `current` is what changed.
  await adjustGoalCounts(inTransaction, userId, [
    [current, { goalId: changes.goalId !== undefined ? changes.goalId : current.goalId, status: changes.status ?? current.status }],
  ]);
}

/** task.completed when the change set a finished status, else task.updated; sent after the write commits. */
export function emitTaskChange(trx: TasksServiceDeps["kysely"], userId: string, body: { status?: unknown }, task: Task): void {
  const completed = body.status !== undefined && isCompleted(task.status);
  emitWebhook(trx, userId, completed ? "task.completed" : "task.updated", taskSchema, task);
}

export const inTransactionOf = ({ dialect, now }: TasksServiceDeps, trx: TasksServiceDeps["kysely"]) => ({
  inTransaction: tasksRepository(trx, dialect),
  recurrence: recurrenceService({ kysely: trx, dialect, now }),
});

export function updateTasksUseCase(deps: TasksServiceDeps) {
  const { kysely, now } = deps;

  return {
    async updateTask(userId: string, taskId: string, body: TaskUpdate): Promise<Task> {
      const at = now();
      const task = await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const scope = inTransactionOf(deps, trx);
        await updateInTransaction(scope, userId, taskId, body, at);
        const task = await scope.inTransaction.findTask(userId, taskId);
        if (task) emitTaskChange(trx, userId, body, task);
        return task;
      });
      if (!task) throw taskNotFound();
      return task;
    },

    /** Several updates in one write, each as updateTask's, in the order given. */
    async updateTasks(userId: string, updates: readonly { taskId: string; body: TaskUpdate }[]): Promise<void> {
      if (updates.length === 0) return;
      const at = now();
      await writeUserData(kysely, userId, TASK_CHANGES, async (trx) => {
        const scope = inTransactionOf(deps, trx);
        for (const { taskId, body } of updates) await updateInTransaction(scope, userId, taskId, body, at);
        for (const { taskId, body } of updates) emitTaskChange(trx, userId, body, (await scope.inTransaction.findTask(userId, taskId))!);
      });
    },
  };
}
