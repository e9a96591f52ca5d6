import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { UndoProposalResponse } from "../../../../shared/api/ai-proposals.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { proposalQueryKey } from "./get-proposal.ts";
import { refreshAfterProposal } from "./refresh-after-proposal.ts";

/** POST /api/ai/proposals/{id}/undo: what was restored, and the tasks changed since, which stay as they are. */
export function undoProposal(id: string): Promise<UndoProposalResponse> {
  return apiJson<UndoProposalResponse>(`/api/ai/proposals/${encodeURIComponent(id)}/undo`, { method: "POST", json: {} });
}

export function useUndoProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => undoProposal(id),
    onSuccess: ({ proposal }) => {
      queryClient.setQueryData(proposalQueryKey(id), proposal);
      void refreshAfterProposal(queryClient);
    },
  });
}
