import { queryOptions, useQuery } from "@tanstack/react-query";
import type { RolloverSettings } from "../../../../shared/api/rollover.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { rolloverQueryKeys } from "./rollover-query-keys.ts";

export const LOAD_ROLLOVER_SETTINGS_ERROR = "Failed to load rollover settings";

export async function getRolloverSettings(): Promise<RolloverSettings> {
  try {
    return await apiJson("/api/rollover/settings");
  } catch (error) {
    throw new Error(LOAD_ROLLOVER_SETTINGS_ERROR, { cause: error });
  }
}

export const rolloverSettingsQueryOptions = () => queryOptions({ queryKey: rolloverQueryKeys.settings(), queryFn: getRolloverSettings });

export function useRolloverSettings() {
  return useQuery(rolloverSettingsQueryOptions());
}
