import { useCallback, useState, useSyncExternalStore } from "react";

interface Clock {
  now: Date;
  listeners: Set<() => void>;
  timer: number;
}

const clocks = new Map<number, Clock>();

function subscribe(intervalMs: number, listener: () => void): () => void {
  let clock = clocks.get(intervalMs);
  if (!clock) clocks.set(intervalMs, (clock = { now: new Date(), listeners: new Set(), timer: 0 }));
  clock.listeners.add(listener);
  if (clock.listeners.size === 1) {
    clock.now = new Date();
    clock.timer = window.setInterval(() => {
      clock.now = new Date();
      for (const each of clock.listeners) each();
    }, intervalMs);
  }
  return () => {
    clock.listeners.delete(listener);
    if (clock.listeners.size === 0) clearInterval(clock.timer);
  };
}

/** The time, again every `intervalMs`: one timer per interval for every part showing it, so that their ticks render as one. */
export function useNow(intervalMs: number | null): Date {
  const [mountedAt] = useState(() => new Date());
  const subscribeToClock = useCallback(
    (listener: () => void) => (intervalMs === null ? () => {} : subscribe(intervalMs, listener)),
    [intervalMs],
  );
  const ticked = useSyncExternalStore(subscribeToClock, () => {
    const clock = intervalMs === null ? undefined : clocks.get(intervalMs);
    return clock && clock.listeners.size > 0 ? clock.now : mountedAt;
  });
  return ticked > mountedAt ? ticked : mountedAt;
}
