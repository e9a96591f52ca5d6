import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApplyProposalBody, Proposal, ProposalResponse } from "../../../../shared/api/ai-proposals.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { proposalQueryKey } from "./get-proposal.ts";
import { refreshAfterProposal } from "./refresh-after-proposal.ts";

/** POST /api/ai/proposals/{id}/apply: the ticked changes, written in one step. */
export async function applyProposal(id: string, body: ApplyProposalBody): Promise<Proposal> {
  const { proposal } = await apiJson<ProposalResponse>(`/api/ai/proposals/${encodeURIComponent(id)}/apply`, {
    method: "POST",
    json: body,
  });
  return proposal;
}

export function useApplyProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changeIds: string[]) => applyProposal(id, { changeIds }),
    onSuccess: (proposal) => {
      queryClient.setQueryData(proposalQueryKey(id), proposal);
      void refreshAfterProposal(queryClient);
    },
  });
}
