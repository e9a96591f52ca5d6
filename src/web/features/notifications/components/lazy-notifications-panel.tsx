// Apart from the notification centre, which the signed-in layout loads: the Settings page needs only the tab.
import { Suspense, lazy } from "react";
import { Skeleton } from "../../../components/ui/skeleton.tsx";

const LoadedNotificationsPanel = lazy(() => import("./notifications-panel.tsx").then((module) => ({ default: module.NotificationsPanel })));

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
