import { WifiOff } from "lucide-react";
import { useEffect } from "react";
import { browserNavigation } from "../../lib/api-client.ts";
import { isKeptPage } from "../../lib/online.ts";

export const OFFLINE_MESSAGE = "You are offline — showing your board as last loaded. Changes are disabled.";

/**
 * Says that the page is read-only while offline (decision 018). The live region is always there,
 * so going offline is announced. A page the service worker served from its kept copy reloads once
 * the browser is back online, to show the live board instead of the copy.
 */
export function OfflineBanner({ isOffline }: { isOffline: boolean }) {
  useEffect(() => {
    if (!isKeptPage()) return;
    const reload = () => browserNavigation.reload();
    window.addEventListener("online", reload);
    return () => window.removeEventListener("online", reload);
  }, []);

  return (
    <div role="status">
      {isOffline && (
        <p className="mb-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          <WifiOff className="size-4 shrink-0 text-amber-800" aria-hidden="true" />
          {OFFLINE_MESSAGE}
        </p>
      )}
    </div>
  );
}
