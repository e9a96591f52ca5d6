import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RolloverSummary, RolloverTriggerBody } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "../../tasks/index.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const TRIGGER_ROLLOVER_ERROR = "Failed to trigger rollover";

/** POST /api/rollover/trigger. Fails with the server's message, else 'Failed to trigger rollover' (spec section 8). */
export async function triggerRollover(body: RolloverTriggerBody): Promise<RolloverSummary> {
  try {
    return await apiJson<RolloverSummary>("/api/rollover/trigger", { method: "POST", json: body });
  } catch (error) {
    throw new Error(getErrorMessage(error, TRIGGER_ROLLOVER_ERROR), { cause: error });
  }
}

/**
 * On success the summary is cached for its day, and every task list (the days' boards, their
 * stats, the future list, the stalled list) and the rollover summaries are fetched again. A failure
 * is logged (spec section 8); the dialog stays open and shows its message.
 */
export function useTriggerRollover() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: triggerRollover,
    onError: (error) => console.error(TRIGGER_ROLLOVER_ERROR, error),
    onSuccess: async (summary) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taskQueryKeys.all }),
        queryClient.invalidateQueries({ queryKey: rolloverQueryKeys.summaries() }),
      ]);
      queryClient.setQueryData(rolloverQueryKeys.summary(summary.date), summary);
    },
  });
}
