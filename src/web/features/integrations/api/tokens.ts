import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreatedToken, CreateTokenInput, PersonalAccessToken } from "../../../../shared/api/tokens.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";

export const LOAD_TOKENS_ERROR = "Failed to load your tokens";
const tokensQueryKey = ["tokens"] as const;

export async function getTokens(): Promise<PersonalAccessToken[]> {
  try {
    return await apiJson("/api/tokens");
  } catch (error) {
    throw new Error(LOAD_TOKENS_ERROR, { cause: error });
  }
}

// Read afresh each time the tab opens: "last used" moves while the tools run.
export const tokensQueryOptions = () => queryOptions({ queryKey: tokensQueryKey, queryFn: getTokens, staleTime: 0 });

export function useTokens() {
  return useQuery(tokensQueryOptions());
}

export function useCreateToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateTokenInput): Promise<CreatedToken> => {
      try {
        return await apiJson("/api/tokens", { method: "POST", json: input });
      } catch (error) {
        throw new Error(getErrorMessage(error, "Failed to create the token"), { cause: error });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}

export function useRevokeToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (id: string): Promise<void> => {
      try {
        await apiJson(`/api/tokens/${encodeURIComponent(id)}`, { method: "DELETE" });
      } catch (error) {
        throw new Error(getErrorMessage(error, "Failed to revoke the token"), { cause: error });
      }
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tokensQueryKey }),
  });
}
