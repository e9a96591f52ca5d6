import type { QueryClient } from "@tanstack/react-query";
import { goalsQueryKey } from "../../goals/index.ts";
import { insightsQueryKeys } from "../../insights/index.ts";
import { taskQueryKeys } from "../../tasks/index.ts";

/** A proposal applied or undone may touch any day's tasks and any goal's progress: every page shows it at once. */
export function refreshAfterProposal(queryClient: QueryClient): Promise<void> {
  return Promise.all(
    [taskQueryKeys.all, goalsQueryKey, insightsQueryKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
