import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

afterEach(() => cleanup());

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
