import { useCallback, useEffect, useState } from "react";
import { type BrowserPermission, readBrowserPermission, requestBrowserPermission } from "../lib/browser-notifications.ts";

/** Without the Permissions API, coming back to the page reads it again. */
export function useBrowserPermission(): { permission: BrowserPermission; request: () => Promise<BrowserPermission> } {
  const [permission, setPermission] = useState<BrowserPermission>(readBrowserPermission);

  useEffect(() => {
    const refresh = () => setPermission(readBrowserPermission());
    let status: PermissionStatus | null = null;
    let isCancelled = false;
    navigator.permissions
      ?.query({ name: "notifications" })
      .then((result) => {
        if (isCancelled) return;
        status = result;
        status.addEventListener("change", refresh);
      })
      .catch(() => {});
    window.addEventListener("focus", refresh);
    document.addEventListener("visibilitychange", refresh);
    return () => {
      isCancelled = true;
      status?.removeEventListener("change", refresh);
      window.removeEventListener("focus", refresh);
      document.removeEventListener("visibilitychange", refresh);
    };
  }, []);

  const request = useCallback(async () => {
    const answer = await requestBrowserPermission();
    setPermission(readBrowserPermission());
    return answer;
  }, []);

  return { permission, request };
}
