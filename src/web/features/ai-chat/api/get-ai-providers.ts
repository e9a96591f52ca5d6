import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AiProvider, AiProvidersResponse } from "../../../../shared/api/ai.ts";
import { apiJson } from "../../../lib/api-client.ts";

export const aiProvidersQueryKey = ["ai", "providers"] as const;

export const AI_PROVIDERS_PATH = "/api/ai/providers";

export async function getAiProviders(): Promise<AiProvider[]> {
  const { providers } = await apiJson<AiProvidersResponse>(AI_PROVIDERS_PATH);
  return providers;
}

export const aiProvidersQueryOptions = () =>
  queryOptions({
    queryKey: aiProvidersQueryKey,
    queryFn: getAiProviders,
    retry: 2,
    retryDelay: 1_000,
  });

export function useAiProviders() {
  return useQuery(aiProvidersQueryOptions());
}
