import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect } from "react";
import { showFlashToast } from "../components/ui/flash-toast.ts";
import { LazyToaster } from "../components/ui/lazy-toaster.tsx";
import { queryClient } from "../lib/query-client.ts";

// Tooltips bring their own provider (components/ui/tooltip.tsx): only the assistant, loaded later, has any.
export function AppProviders({ children, client = queryClient }: { children: ReactNode; client?: QueryClient }) {
  useEffect(() => {
    showFlashToast();
  }, []);

  return (
    <QueryClientProvider client={client}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
