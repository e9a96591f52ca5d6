import { startTransition, useEffect, useState } from "react";

/** Resolves in a later task: work after it is not part of the current (possibly long) task. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Runs `callback` once the page has loaded and the browser is then idle (or after a short delay
 * where idle callbacks are unsupported); returns a cancel function. Code that a first paint does
 * not need loads this way, so that on a slow phone it does not compete with what the page shows.
 * What the callback renders (a panel whose code it loads) renders as a transition, in slices that
 * leave the page free to answer input, not as one long task.
 */
export function whenIdle(idleCallback: () => void, timeoutMs = 2_000): () => void {
  const callback = () => startTransition(idleCallback);
  let cancel = () => {};
  const afterLoad = () => {
    if (typeof window.requestIdleCallback === "function") {
      const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
      cancel = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(callback, 200);
      cancel = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === "complete") {
    afterLoad();
  } else {
    window.addEventListener("load", afterLoad, { once: true });
    cancel = () => window.removeEventListener("load", afterLoad);
  }
  return () => cancel();
}

/**
 * False until whenIdle fires, then true (set as a transition). A component renders what a first
 * paint does not need, and starts loading its code, only once this is true: code that starts
 * loading during the first render competes with that render on a slow phone.
 */
export function useIsIdle(timeoutMs?: number): boolean {
  const [isIdle, setIsIdle] = useState(false);
  useEffect(() => whenIdle(() => setIsIdle(true), timeoutMs), [timeoutMs]);
  return isIdle;
}
