import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { userQueryKey } from "../api/get-user.ts";

/** A page from the back/forward cache may show a stale session: ask the server again. */
export function useRecheckSessionOnPageRestore(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void queryClient.invalidateQueries({ queryKey: userQueryKey });
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, [queryClient]);
}
