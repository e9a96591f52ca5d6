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
import { changeChecklist } from "../../../shared/rules/checklist.ts";
import { AppError, notFound } from "../../app-error.ts";
import { writeUserData } from "../../db/user-data.ts";
import { TASK_CHANGES, type TasksServiceDeps, taskNotFound } from "./task-rows.ts";
import { checkRoomFor, emitTaskChange, inTransactionOf, updateInTransaction } from "./update-tasks.ts";

function existing(items: ChecklistItem[], itemId: string): ChecklistItem[] {
  if (!items.some((item) => item.id === itemId)) throw notFound("Checklist item");
  return items;
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
      const task = (await inTransaction.inTransaction.findTask(userId, taskId))!;
      emitTaskChange(trx, userId, {}, task);
      return { answer, task };
    });
  }

  return {
    /** Each answers the item and the task as changed. */
    addChecklistItem(userId: string, taskId: string, body: CreateChecklistItemBody, scope?: EditScope) {
      const id = body.id ?? randomUUID();
      return change(userId, taskId, scope, (items) => {
        if (items.some((item) => item.id === id)) {
          throw new AppError("conflict", "A checklist item with this id already exists: a new item needs a new id");
        }
        checkRoomFor(items, 1);
        const next = changeChecklist(items, { kind: "add", item: { id, title: body.title, position: body.position } });
        return { items: next, answer: next.find((item) => item.id === id)! };
      });
    },

    updateChecklistItem(userId: string, taskId: string, itemId: string, body: UpdateChecklistItemBody, scope?: EditScope) {
      return change(userId, taskId, scope, (items) => {
        const next = changeChecklist(existing(items, itemId), { kind: "update", itemId, patch: body });
        return { items: next, answer: next.find((item) => item.id === itemId)! };
      });
    },

    deleteChecklistItem(userId: string, taskId: string, itemId: string, scope?: EditScope) {
      return change(userId, taskId, scope, (items) => ({
        items: changeChecklist(existing(items, itemId), { kind: "delete", itemId }),
        answer: undefined,
      }));
    },
  };
}
