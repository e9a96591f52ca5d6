import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { whenIdle } from "../../../lib/when-idle.ts";

/** Opens the change stream after the first paint, for the signed-in user whose layout mounts it. */
export function LiveUpdates(): null {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | undefined;
    let isUnmounted = false;
    const cancel = whenIdle(() =>
      import("../lib/live-listener.ts").then(({ startLiveUpdates }) => {
        if (!isUnmounted) stop = startLiveUpdates(queryClient);
      }),
    );
    return () => {
      isUnmounted = true;
      cancel();
      stop?.();
    };
  }, [queryClient]);
  return null;
}
