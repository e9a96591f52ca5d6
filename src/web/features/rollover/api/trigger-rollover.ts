import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { RolloverSummary, RolloverTriggerBody } from "../../../../shared/api/rollover.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { refreshDependents } from "../../../lib/query-dependents.ts";
import { weekdayDateLabel } from "../../tasks/index.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const TRIGGER_ROLLOVER_ERROR = "Failed to trigger rollover";

export async function triggerRollover(body: RolloverTriggerBody): Promise<RolloverSummary> {
  try {
    const label = body.date ? `Wrap up ${weekdayDateLabel(body.date)}` : "Wrap up the day";
    return await sendWrite<RolloverSummary>({ method: "POST", path: "/api/rollover/trigger", json: body, label });
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
      await refreshDependents(queryClient, ["rollover"]);
      queryClient.setQueryData(rolloverQueryKeys.summary(summary.date), summary);
    },
  });
}
