import type { QueryClient } from "@tanstack/react-query";
import { refreshDependents } from "../../../lib/query-dependents.ts";

/** A proposal applied or undone may touch any day's tasks and any goal's progress: every page shows it at once. */
export function refreshAfterProposal(queryClient: QueryClient): Promise<void> {
  return refreshDependents(queryClient, ["tasks", "goals"]);
}
