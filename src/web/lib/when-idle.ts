/**
 * Runs `callback` once the page has loaded and the browser is then idle (or after a short delay
 * where idle callbacks are unsupported); returns a cancel function. Code that a first paint does
 * not need loads this way, so that on a slow phone it does not compete with what the page shows.
 */
export function whenIdle(callback: () => void, timeoutMs = 2_000): () => void {
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
