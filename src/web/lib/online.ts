// Whether the app can reach its server (decision 018). Offline, the service worker serves the page
// as last loaded, marked with <meta name="daywise-kept-page">; such a page and a page whose
// browser says it is offline are read-only.
import { useSyncExternalStore } from "react";
import { isCalendarDate } from "../../shared/rules/calendar-date.ts";

/** The service worker adds this to a page it serves from its kept copy (src/web/public/sw.js). */
export const KEPT_PAGE_SELECTOR = 'meta[name="daywise-kept-page"]';

/** The page is the service worker's kept copy: its data is as last loaded, not live. */
export function isKeptPage(): boolean {
  return document.querySelector(KEPT_PAGE_SELECTOR) !== null;
}

/**
 * The day whose board the kept copy holds, or null on a live page (or a copy without a board):
 * the board shows that day, as last loaded, even when "today" has moved on since.
 */
export function keptBoardDay(): string | null {
  const day = document.querySelector(KEPT_PAGE_SELECTOR)?.getAttribute("data-day") ?? null;
  return day !== null && isCalendarDate(day) ? day : null;
}

/** Nothing may be changed: the browser is offline, or the page is a kept copy. */
export function isOffline(): boolean {
  return !navigator.onLine || isKeptPage();
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

/** True while the app is online (see isOffline), re-rendering when the browser's state changes. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/**
 * The element is in the read-only part of the page: offline, the routed content is a disabled
 * fieldset (app/routed-content.tsx), which disables its controls but not drags; drags check this.
 */
export function isInReadOnlyArea(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("fieldset:disabled") !== null;
}
