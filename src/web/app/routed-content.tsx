import { Suspense } from "react";
import type { User } from "../../shared/api/user.ts";
import { LiveUpdates } from "../features/live/index.ts";
import { useOnline } from "../lib/online.ts";
import { AppRoutes } from "./app-routes.tsx";

export { preparePageAt } from "./app-routes.tsx";
import { OfflineBanner } from "./shell/offline-banner.tsx";
import { PageFallback } from "./shell/page-fallback.tsx";
import { SignedInLayout } from "./shell/signed-in-layout.tsx";
import { SyncProblems } from "./shell/sync-problems.tsx";

/** With the page's code, not the app module's: a visitor's screen needs neither the header nor the assistant. */
export function SignedInContent({ user }: { user: User }) {
  return (
    <SignedInLayout user={user}>
      <RoutedContent />
    </SignedInLayout>
  );
}

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
