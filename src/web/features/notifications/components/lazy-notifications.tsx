import { Suspense } from "react";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../../lib/when-idle.ts";

const NotificationCenter = lazyWithPreload(() => import("./notification-center.tsx").then((module) => module.NotificationCenter), {
  optional: true,
});

export function LazyNotificationCenter() {
  const isIdle = useIsIdle(NotificationCenter.preload, 3_000);
  if (!isIdle) return null;
  return (
    <Suspense fallback={null}>
      <NotificationCenter />
    </Suspense>
  );
}
