import { Suspense } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../lib/when-idle.ts";
import { useToast } from "./use-toast.ts";

// Not needed for the first paint: loaded when idle, or at once by an earlier toast.
const Toaster = lazyWithPreload(() => import("./toaster.tsx").then((module) => module.Toaster), { optional: true });

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
