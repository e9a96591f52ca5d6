import { Suspense, lazy } from "react";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../../lib/when-idle.ts";

const NotificationCenter = lazyWithPreload(() => import("./notification-center.tsx").then((module) => module.NotificationCenter), {
  optional: true,
});
const LoadedNotificationsPanel = lazy(() => import("./notifications-panel.tsx").then((module) => ({ default: module.NotificationsPanel })));

export function LazyNotificationCenter() {
  const isIdle = useIsIdle(NotificationCenter.preload, 3_000);
  if (!isIdle) return null;
  return (
    <Suspense fallback={null}>
      <NotificationCenter />
    </Suspense>
  );
}

export function NotificationsPanel() {
  return (
    <Suspense
      fallback={
        <div role="status" aria-label="Loading notification settings">
          <Skeleton className="h-96 w-full" />
        </div>
      }
    >
      <LoadedNotificationsPanel />
    </Suspense>
  );
}
