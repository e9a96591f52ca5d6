import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RolloverSummary, RolloverTriggerBody } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { taskQueryKeys } from "../../tasks/index.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const TRIGGER_ROLLOVER_ERROR = "Failed to trigger rollover";

export async function triggerRollover(body: RolloverTriggerBody): Promise<RolloverSummary> {
  try {
    return await apiJson<RolloverSummary>("/api/rollover/trigger", { method: "POST", json: body });
  } catch (error) {
    throw new Error(getErrorMessage(error, TRIGGER_ROLLOVER_ERROR), { cause: error });
  }
}

/** Spec section 8: a failure is only logged; the dialog stays open with its message. */
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
