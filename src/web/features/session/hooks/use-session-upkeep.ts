import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { startBackgroundRefresh } from "../../../lib/api-client.ts";
import { userQueryKey } from "../api/get-user.ts";
import { useUpdatePreferences } from "../api/update-preferences.ts";

/** Sent at most once per page load, even when the server refuses the zone. */
let hasSentTimeZone = false;

export function getBrowserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The browser's zone is sent when it differs, so that "today" is the user's today; read in a task of its own (a first read takes 17 ms). */
export function useSessionUpkeep(user: User): void {
  const { mutate: updatePreferences } = useUpdatePreferences();

  useEffect(() => {
    startBackgroundRefresh();
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => {
      const timeZone = getBrowserTimeZone();
      if (hasSentTimeZone || !timeZone || timeZone === user.timeZone) return;
      hasSentTimeZone = true;
      updatePreferences({ timeZone }, { onError: (error) => console.warn("Could not save the time zone", error) });
    }, 0);
    return () => clearTimeout(timer);
  }, [user.timeZone, updatePreferences]);
}

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
