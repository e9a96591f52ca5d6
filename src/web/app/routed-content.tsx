import { Suspense } from "react";
import { LiveUpdates } from "../features/live/index.ts";
import { useOnline } from "../lib/online.ts";
import { AppRoutes } from "./app-routes.tsx";

export { preparePageAt } from "./app-routes.tsx";
import { OfflineBanner } from "./shell/offline-banner.tsx";
import { PageFallback } from "./shell/page-fallback.tsx";
import { SyncProblems } from "./shell/sync-problems.tsx";

/** Offline the pages stay editable: their writes wait in the outbox (decision 043). */
export function RoutedContent() {
  const isOnline = useOnline();
  return (
    <>
      <OfflineBanner isOffline={!isOnline} />
      <SyncProblems />
      <LiveUpdates />
      <Suspense fallback={<PageFallback />}>
        <AppRoutes />
      </Suspense>
    </>
  );
}
