import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Proposal, ProposalResponse } from "../../../../shared/api/ai-proposals.ts";
import { apiJson } from "../../../lib/api-client.ts";
import { proposalQueryKey } from "./get-proposal.ts";

/** POST /api/ai/proposals/{id}/dismiss: nothing is written. */
export async function dismissProposal(id: string): Promise<Proposal> {
  const { proposal } = await apiJson<ProposalResponse>(`/api/ai/proposals/${encodeURIComponent(id)}/dismiss`, {
    method: "POST",
    json: {},
  });
  return proposal;
}

export function useDismissProposal(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => dismissProposal(id),
    onSuccess: (proposal) => queryClient.setQueryData(proposalQueryKey(id), proposal),
  });
}
