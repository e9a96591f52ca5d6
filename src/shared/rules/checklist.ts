// One rule for a checklist change, applied by the server's item routes and by the web's optimistic change.
import type { ChecklistItem } from "../api/tasks.ts";

export type ChecklistChange =
  | { kind: "add"; item: { id: string; title: string; position?: number } }
  | { kind: "update"; itemId: string; patch: { title?: string; done?: boolean; position?: number } }
  | { kind: "delete"; itemId: string };

const numbered = (items: ChecklistItem[]): ChecklistItem[] => items.map((item, position) => ({ ...item, position }));

/** The list after the change; an add of an id it has, or a change of an item it lacks, leaves it as it is. */
export function changeChecklist(items: readonly ChecklistItem[], change: ChecklistChange): ChecklistItem[] {
  const list = [...items];
  if (change.kind === "add") {
    const isReplayed = list.some((item) => item.id === change.item.id);
    if (isReplayed) return list;
    const at = Math.min(change.item.position ?? list.length, list.length);
    list.splice(at, 0, { id: change.item.id, title: change.item.title.trim(), done: false, position: at });
    return numbered(list);
  }
  const index = list.findIndex((item) => item.id === change.itemId);
  if (index === -1) return list;
  if (change.kind === "delete") return numbered(list.filter((item) => item.id !== change.itemId));
  const { title, done, position } = change.patch;
  const item = { ...list[index]!, ...(title !== undefined ? { title: title.trim() } : {}), ...(done !== undefined ? { done } : {}) };
  list.splice(index, 1);
  list.splice(Math.min(position ?? index, list.length), 0, item);
  return numbered(list);
}
