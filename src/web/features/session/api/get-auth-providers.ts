import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AuthProvidersResponse } from "../../../../shared/api/user.ts";
import { apiJson } from "../../../lib/api-client.ts";

export type AuthProvider = AuthProvidersResponse["providers"][number];

export const authProvidersQueryKey = ["session", "auth-providers"] as const;

export async function getAuthProviders(): Promise<AuthProvider[]> {
  const { providers } = await apiJson<AuthProvidersResponse>("/auth/providers", { refreshOn401: false });
  return providers;
}

export const authProvidersQueryOptions = () => queryOptions({ queryKey: authProvidersQueryKey, queryFn: getAuthProviders });

export function useAuthProviders() {
  return useQuery(authProvidersQueryOptions());
}
