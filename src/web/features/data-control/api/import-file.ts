import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportInput, ImportResult } from "../../../../shared/api/data-transfer.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { goalsQueryKey } from "../../goals/index.ts";
import { insightsQueryKeys } from "../../insights/index.ts";
import { rolloverQueryKeys } from "../../rollover/index.ts";
import { taskQueryKeys } from "../../tasks/index.ts";

/** POST /api/import: with dryRun the preview, without it the import itself. */
export async function importFile(body: ImportInput): Promise<ImportResult> {
  return apiJson<ImportResult>("/api/import", { method: "POST", json: body });
}

export function useImportFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFile,
    onSuccess: (result) => {
      if (result.dryRun) return;
      // Imported tasks may land on any day and any goal; an export's history brings summaries and settings.
      for (const queryKey of [taskQueryKeys.all, goalsQueryKey, insightsQueryKeys.all, rolloverQueryKeys.all]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  });
}
