import type { QueryClient } from "@tanstack/react-query";
import { goalsQueryKey, taskMutationKey, taskQueryKeys } from "./task-query-keys.ts";

/**
 * After a task change settles: refetch every tasks list and the goals (their progress counts
 * tasks). While another task change is still running, its own settling does it, so an answer
 * from before that change cannot briefly undo its optimistic state.
 */
export function invalidateAfterTaskChange(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: taskMutationKey }) > 1) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  ]).then(() => undefined);
}
