import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type RolloverSettings, type UpdateRolloverSettingsBody } from "../../../../shared/api/rollover.ts";
import { getErrorMessage } from "../../../lib/api-client.ts";
import { sendWrite } from "../../../lib/outbox/index.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const SAVE_ROLLOVER_SETTINGS_ERROR = "Failed to save settings";

export async function updateRolloverSettings(body: UpdateRolloverSettingsBody): Promise<RolloverSettings> {
  try {
    return await sendWrite<RolloverSettings>({
      method: "PATCH",
      path: "/api/rollover/settings",
      json: body,
      label: "Change the wrap-up settings",
    });
  } catch (error) {
    throw new Error(getErrorMessage(error, SAVE_ROLLOVER_SETTINGS_ERROR), { cause: error });
  }
}

export function useUpdateRolloverSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolloverSettings,
    onSuccess: (settings) => queryClient.setQueryData(rolloverQueryKeys.settings(), settings),
  });
}
