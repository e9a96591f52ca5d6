import { useEffect } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { startBackgroundRefresh } from "../../../lib/api-client.ts";
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

/** The browser's zone is sent when it differs, so that "today" is the user's today. */
export function useSessionUpkeep(user: User): void {
  const { mutate: updatePreferences } = useUpdatePreferences();

  useEffect(() => {
    startBackgroundRefresh();
  }, []);

  useEffect(() => {
    const timeZone = getBrowserTimeZone();
    if (hasSentTimeZone || !timeZone || timeZone === user.timeZone) return;
    hasSentTimeZone = true;
    updatePreferences({ timeZone }, { onError: (error) => console.warn("Could not save the time zone", error) });
  }, [user.timeZone, updatePreferences]);
}
