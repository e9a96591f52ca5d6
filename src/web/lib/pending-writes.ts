// A page loaded while changes wait in the outbox (a reload offline) shows them, over every fetched answer.
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { type OutboxEntry, pendingWrites } from "./outbox/index.ts";
import { queryPrefixes } from "./query-dependents.ts";

export interface PendingWriteRule {
  method: OutboxEntry["method"];
  /** Matched against the entry's path, query string included; its groups go to apply. */
  path: RegExp;
  apply(queryClient: QueryClient, entry: OutboxEntry, match: RegExpExecArray): void;
}

/** Oldest first, as the outbox will send them; refused entries are not shown as made. */
export function applyPendingWrites(queryClient: QueryClient, entries: readonly OutboxEntry[], rules: readonly PendingWriteRule[]): void {
  for (const entry of entries) {
    if (entry.state !== "waiting") continue;
    for (const rule of rules) {
      const match = rule.method === entry.method ? rule.path.exec(entry.path) : null;
      if (!match) continue;
      rule.apply(queryClient, entry, match);
      break;
    }
  }
}

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** The rules (each feature's) are loaded only once an entry waits, so a page without any pays nothing. */
export function reapplyPendingWrites(queryClient: QueryClient, loadRules: () => Promise<readonly PendingWriteRule[]>): () => void {
  let rules: Promise<readonly PendingWriteRule[]> | undefined;
  let scheduled = false;
  async function reapply(): Promise<void> {
    scheduled = false;
    const entries = await pendingWrites();
    if (entries.length === 0) return;
    rules ??= loadRules();
    applyPendingWrites(queryClient, entries, await rules);
  }
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => void reapply().catch((error: unknown) => console.warn("Could not show the waiting changes", error)));
  };
  const prefixes: QueryKey[] = [queryPrefixes.tasks, queryPrefixes.goals];
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || event.action.manual) return;
    if (prefixes.some((prefix) => startsWith(event.query.queryKey, prefix))) schedule();
  });
  schedule();
  return unsubscribe;
}
