import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Proposal, ProposalResponse } from "../../../../shared/api/ai-proposals.ts";
import { apiJson } from "../../../lib/api-client.ts";

/** Each proposal as the server last answered it: the streamed reply's, then apply's, dismiss's or undo's. */
export const proposalQueryKey = (id: string) => ["ai", "proposals", id] as const;

/** GET /api/ai/proposals/{id}. */
export async function getProposal(id: string): Promise<Proposal> {
  const { proposal } = await apiJson<ProposalResponse>(`/api/ai/proposals/${encodeURIComponent(id)}`);
  return proposal;
}

export const proposalQueryOptions = (id: string) => queryOptions({ queryKey: proposalQueryKey(id), queryFn: () => getProposal(id) });

/** The proposal, read from the server only when `fetch` says so (one still open after a reload). */
export function useProposal(id: string, fetch: boolean) {
  return useQuery({ ...proposalQueryOptions(id), enabled: fetch });
}
