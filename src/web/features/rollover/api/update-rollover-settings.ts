import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type RolloverSettings, type UpdateRolloverSettingsBody } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const SAVE_ROLLOVER_SETTINGS_ERROR = "Failed to save settings";

/** PATCH /api/rollover/settings. Fails with the server's `message`, else 'Failed to save settings' (spec section 8). */
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

/** The saved settings replace the cached ones, so the form starts from what the server keeps. */
export function useUpdateRolloverSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRolloverSettings,
    onSuccess: (settings) => queryClient.setQueryData(rolloverQueryKeys.settings(), settings),
  });
}
