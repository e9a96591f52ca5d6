// A task's checklist (issue 53, decision 054): each change rewrites the task's list through the update use case, so
// "This and following" makes it the series' and the write raises the data version and notifies like any task write.
import { randomUUID } from "node:crypto";
import {
  type ChecklistItem,
  type CreateChecklistItemBody,
  type EditScope,
  type Task,
  type UpdateChecklistItemBody,
} from "../../../shared/api/tasks.ts";
import { AppError, notFound } from "../../app-error.ts";
import { writeUserData } from "../../db/user-data.ts";
import { TASK_CHANGES, type TasksServiceDeps, taskNotFound } from "./task-rows.ts";
import { inTransactionOf, updateInTransaction, withAddedItems } from "./update-tasks.ts";

const itemNotFound = () => notFound("Checklist item");

function moved(items: readonly ChecklistItem[], item: ChecklistItem, position: number | undefined): ChecklistItem[] {
  const others = items.filter((other) => other.id !== item.id);
  const at = Math.min(position ?? others.length, others.length);
  return [...others.slice(0, at), item, ...others.slice(at)].map((each, index) => ({ ...each, position: index }));
}

export function checklistUseCase(deps: TasksServiceDeps) {
  async function change<T>(
    userId: string,
    taskId: string,
    scope: EditScope | undefined,
    edit: (items: ChecklistItem[]) => { items: ChecklistItem[]; answer: T },
  ): Promise<{ answer: T; task: Task }> {
    const at = deps.now();
    return writeUserData(deps.kysely, userId, TASK_CHANGES, async (trx) => {
      const inTransaction = inTransactionOf(deps, trx);
      // The user's version was raised first: their other writes wait, so no concurrent change is lost.
      const items = await inTransaction.inTransaction.findChecklist(userId, taskId);
      if (!items) throw taskNotFound();
      const { items: next, answer } = edit(items);
      await updateInTransaction(inTransaction, userId, taskId, { checklist: next, ...(scope ? { scope } : {}) }, at);
      return { answer, task: (await inTransaction.inTransaction.findTask(userId, taskId))! };
    });
  }

  const find = (items: readonly ChecklistItem[], itemId: string) => items.find((item) => item.id === itemId) ?? throwItemNotFound();

  return {
    /** Each answers the item and the task as changed (for its webhook). */
    addChecklistItem(userId: string, taskId: string, body: CreateChecklistItemBody, scope?: EditScope) {
      return change(userId, taskId, scope, (items) => {
        if (body.id && items.some((item) => item.id === body.id)) {
          throw new AppError("conflict", "A checklist item with this id already exists: a new item needs a new id");
        }
        const item: ChecklistItem = { ...withAddedItems(items, [body.title]).at(-1)!, id: body.id ?? randomUUID() };
        const next = moved(items, item, body.position);
        return { items: next, answer: next.find((each) => each.id === item.id)! };
      });
    },

    updateChecklistItem(userId: string, taskId: string, itemId: string, body: UpdateChecklistItemBody, scope?: EditScope) {
      return change(userId, taskId, scope, (items) => {
        const current = find(items, itemId);
        const item = { ...current, title: body.title ?? current.title, done: body.done ?? current.done };
        const next =
          body.position === undefined ? items.map((each) => (each.id === itemId ? item : each)) : moved(items, item, body.position);
        return { items: next, answer: next.find((each) => each.id === itemId)! };
      });
    },

    deleteChecklistItem(userId: string, taskId: string, itemId: string, scope?: EditScope) {
      return change(userId, taskId, scope, (items) => {
        find(items, itemId);
        const next = items.filter((item) => item.id !== itemId).map((item, position) => ({ ...item, position }));
        return { items: next, answer: undefined };
      });
    },
  };
}

function throwItemNotFound(): never {
  throw itemNotFound();
}
