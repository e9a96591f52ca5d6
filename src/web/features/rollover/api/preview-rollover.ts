import { useMutation } from "@tanstack/react-query";
import type { RolloverPreviewBody, RolloverPreviewResponse } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";

export const PREVIEW_ROLLOVER_ERROR = "Failed to preview rollover";

/** A mutation, not a query: asked for on demand, and anew each time, as the board may have changed. */
export async function previewRollover(body: RolloverPreviewBody): Promise<RolloverPreviewResponse> {
  try {
    return await apiJson<RolloverPreviewResponse>("/api/rollover/preview", { method: "POST", json: body });
  } catch (error) {
    throw new Error(getErrorMessage(error, PREVIEW_ROLLOVER_ERROR), { cause: error });
  }
}

export function usePreviewRollover() {
  return useMutation({
    mutationFn: previewRollover,
    onError: (error) => console.warn("Rollover preview failed", error),
  });
}
