import { QueryClient } from "@tanstack/react-query";

/**
 * Spec section 7: no retry on queries or mutations, data never becomes stale, no refetch on window
 * focus. Queries that poll or expire (stalled tasks, future tasks) set their own options.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
