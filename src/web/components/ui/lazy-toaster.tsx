import { Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../lib/when-idle.ts";
import { useToast } from "./use-toast.ts";

// The toast UI (Radix Toast) is not needed for the first paint: it loads when the browser is idle,
// or at once when a toast is raised before that.
const Toaster = lazyWithPreload(() => import("./toaster.tsx").then((module) => module.Toaster));

export function LazyToaster() {
  const { toasts } = useToast();
  const isIdle = useIsIdle(Toaster.preload);

  if (!isIdle && toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
