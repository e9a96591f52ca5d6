// A task's checklist is JSON text in its row (migration 0026): stored without positions, read back as items
// with their index as position, in one place for every read of a task row.
import { randomUUID } from "node:crypto";
import type { KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from "kysely";
import type { ChecklistItem } from "../../shared/api/tasks.ts";

type StoredItem = Omit<ChecklistItem, "position">;

export function checklistText(items: readonly StoredItem[]): string {
  return JSON.stringify(items.map(({ id, title, done }) => ({ id, title, done })));
}

export function parseChecklist(text: string): ChecklistItem[] {
  return (JSON.parse(text) as StoredItem[]).map((item, position) => ({ ...item, position }));
}

export class ChecklistPlugin implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of result.rows) if (typeof row.checklist === "string") row.checklist = parseChecklist(row.checklist);
    return result;
  }
}

/** A series keeps its steps' titles; each new occurrence gets them as new items, none ticked. */
export function templateText(items: readonly Pick<ChecklistItem, "title">[]): string {
  return JSON.stringify(items.map((item) => item.title));
}

export function itemsOfTemplate(template: string): ChecklistItem[] {
  return (JSON.parse(template) as string[]).map((title, position) => ({ id: randomUUID(), title, done: false, position }));
}
