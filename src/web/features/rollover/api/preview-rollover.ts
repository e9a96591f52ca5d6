import { useMutation } from "@tanstack/react-query";
import type { RolloverPreviewBody, RolloverPreviewResponse } from "../../../../shared/api/rollover.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";

export const PREVIEW_ROLLOVER_ERROR = "Failed to preview rollover";

/**
 * POST /api/rollover/preview: what closing the day would do to each not-done task; changes nothing.
 * A mutation rather than a query: it is asked for on demand ('Preview changes'), and a new answer
 * is wanted each time, as the board may have changed since.
 */
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
    // Spec section 8 "Rollover": a preview failure is logged only; no preview is shown.
    onError: (error) => console.warn("Rollover preview failed", error),
  });
}
