import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeAll, vi } from "vitest";

afterEach(() => cleanup());

// After the test file's imports, so that it is the module instance the test uses (modules reset below).
beforeAll(async () => {
  const outbox = await import("../lib/outbox/index.ts");
  // A file that mocks the module has no outbox to load.
  if ("preloadOutbox" in outbox) await outbox.preloadOutbox();
});

// A worker's files share its page (vitest.config.ts): each file starts with fresh modules, storage,
// cookies, address, globals and timers.
vi.resetModules();
vi.restoreAllMocks();
vi.unstubAllGlobals();
vi.useRealTimers();
localStorage.clear();
sessionStorage.clear();
window.history.replaceState(null, "", "/");
document.documentElement.className = "";
for (const cookie of document.cookie.split(";")) {
  const name = cookie.split("=")[0]?.trim();
  if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
}

// Pages are code-split; the first import of a page in a cold test worker can take seconds on a
// busy machine, which is not what the tests are about.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks what Radix's positioning and pointer handling use.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
globalThis.ResizeObserver ??= ResizeObserverStub;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
// jsdom does not scroll (its window.scrollTo only reports "not implemented").
window.scrollTo = (() => {}) as typeof window.scrollTo;
// jsdom runs every animation frame of the page on one interval, which a test's fake setInterval can
// capture for good, ending frames for the worker's later files: each file's frames are timeouts.
window.requestAnimationFrame = (callback) => setTimeout(() => callback(performance.now()), 16) as unknown as number;
window.cancelAnimationFrame = (handle) => clearTimeout(handle);
