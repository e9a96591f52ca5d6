import { QueryClient } from "@tanstack/react-query";

/** As spec section 7 asks; queries that poll or expire set their own options. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Infinity, refetchOnWindowFocus: false },
      // Offline a write still reaches the outbox, which keeps and sends it (decision 043), instead of pausing.
      mutations: { retry: false, networkMode: "always" },
    },
  });
}

export const queryClient = createQueryClient();
