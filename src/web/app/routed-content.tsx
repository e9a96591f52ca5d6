import { Suspense } from "react";
import { LiveUpdates } from "../features/live/index.ts";
import { useOnline } from "../lib/online.ts";
import { AppRoutes } from "./app-routes.tsx";

export { preparePageAt } from "./app-routes.tsx";
import { OfflineBanner } from "./shell/offline-banner.tsx";
import { PageFallback } from "./shell/page-fallback.tsx";

/** Offline one disabled fieldset disables every control in the pages (decision 018). */
export function RoutedContent() {
  const isOnline = useOnline();
  return (
    <>
      <OfflineBanner isOffline={!isOnline} />
      <LiveUpdates />
      <fieldset disabled={!isOnline} className="min-w-0">
        <Suspense fallback={<PageFallback />}>
          <AppRoutes />
        </Suspense>
      </fieldset>
    </>
  );
}
