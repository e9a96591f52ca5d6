import type { QueryClient } from "@tanstack/react-query";
import { refreshDependents } from "../../../lib/query-dependents.ts";
import { taskMutationKey } from "./task-query-keys.ts";

/** While another task change runs, its own settling refetches, so that an older answer cannot undo its optimistic state. */
export function invalidateAfterTaskChange(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: taskMutationKey }) > 1) return Promise.resolve();
  return refreshDependents(queryClient, ["tasks"]);
}
