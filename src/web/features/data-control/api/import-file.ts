import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ImportInput, ImportResult } from "../../../../shared/api/data-transfer.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { refreshDependents } from "../../../lib/query-dependents.ts";

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
      void refreshDependents(queryClient, ["tasks", "goals", "rollover"]);
    },
  });
}
