import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type RolloverSettings, type UpdateRolloverSettingsBody } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const SAVE_ROLLOVER_SETTINGS_ERROR = "Failed to save settings";

export async function updateRolloverSettings(body: UpdateRolloverSettingsBody): Promise<RolloverSettings> {
  try {
    return await apiJson("/api/rollover/settings", {
      method: "PATCH",
      json: body,
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
