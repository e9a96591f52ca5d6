import { RefreshCw, WifiOff } from "lucide-react";
import { useEffect } from "react";
import { browserNavigation } from "../../lib/api-client.ts";
import { isKeptPage } from "../../lib/online.ts";
import { useOutboxState } from "../../lib/outbox/index.ts";

export const OFFLINE_MESSAGE =
  "You are offline — showing your board as last loaded. Your changes are kept and sent when you are back online.";

export function waitingMessage(count: number): string {
  return count === 1 ? "1 change waiting to sync" : `${count} changes waiting to sync`;
}

export const KEPT_PAGE_FIRST_RETRY_MS = 2_000;
const KEPT_PAGE_LONGEST_RETRY_MS = 60_000;

/** Always there, so that going offline and the count are announced; online the count is out of the flow: no write moves the page. */
export function OfflineBanner({ isOffline }: { isOffline: boolean }) {
  useLiveAgainWhenReachable();
  const { waiting } = useOutboxState();
  return (
    <div role="status" className="relative">
      {isOffline ? (
        <p className="mb-4 flex items-center gap-2 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
          <WifiOff className="size-4 shrink-0 text-amber-800" aria-hidden="true" />
          <span>
            {OFFLINE_MESSAGE}
            {waiting > 0 && <strong className="block font-semibold">{waitingMessage(waiting)}</strong>}
          </span>
        </p>
      ) : (
        waiting > 0 && (
          <p className="absolute -top-5 left-0 flex items-center gap-2 text-xs text-muted-foreground lg:-top-6">
            <RefreshCw className="size-3 shrink-0 motion-safe:animate-spin" aria-hidden="true" />
            {waitingMessage(waiting)}
          </p>
        )
      )}
    </div>
  );
}

/** Also asked from time to time: the copy is served too when only the server is out of reach. */
function useLiveAgainWhenReachable(): void {
  useEffect(() => {
    if (!isKeptPage()) return;
    let delay = KEPT_PAGE_FIRST_RETRY_MS;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const check = async () => {
      clearTimeout(timer);
      if (navigator.onLine) {
        try {
          // Not answered by the service worker (decision 018): this reaches the server or fails.
          const response = await fetch("/healthz", { cache: "no-store" });
          if (response.ok && !stopped) return browserNavigation.reload();
        } catch {
          // Still out of reach.
        }
      }
      if (stopped) return;
      timer = setTimeout(() => void check(), delay);
      delay = Math.min(delay * 2, KEPT_PAGE_LONGEST_RETRY_MS);
    };
    const onOnline = () => {
      delay = KEPT_PAGE_FIRST_RETRY_MS;
      void check();
    };
    window.addEventListener("online", onOnline);
    timer = setTimeout(() => void check(), delay);
    return () => {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener("online", onOnline);
    };
  }, []);
}
