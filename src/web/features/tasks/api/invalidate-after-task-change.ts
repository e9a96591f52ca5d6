import type { QueryClient } from "@tanstack/react-query";
import { goalsQueryKey, taskMutationKey, taskQueryKeys } from "./task-query-keys.ts";

/** While another task change runs, its own settling refetches, so that an older answer cannot undo its optimistic state. */
export function invalidateAfterTaskChange(queryClient: QueryClient): Promise<void> {
  if (queryClient.isMutating({ mutationKey: taskMutationKey }) > 1) return Promise.resolve();
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: taskQueryKeys.all }),
    queryClient.invalidateQueries({ queryKey: goalsQueryKey }),
  ]).then(() => undefined);
}
