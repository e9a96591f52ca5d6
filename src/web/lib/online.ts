import { useSyncExternalStore } from "react";
import { isCalendarDate } from "../../shared/rules/calendar-date.ts";

export const KEPT_PAGE_SELECTOR = 'meta[name="daywise-kept-page"]';

export function isKeptPage(): boolean {
  return document.querySelector(KEPT_PAGE_SELECTOR) !== null;
}

/** The board shows that day, as last loaded, even when "today" has moved on. */
export function keptBoardDay(): string | null {
  const day = document.querySelector(KEPT_PAGE_SELECTOR)?.getAttribute("data-day") ?? null;
  return day !== null && isCalendarDate(day) ? day : null;
}

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

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !isOffline(),
    () => true,
  );
}

/** Offline the routed content is a disabled fieldset, which disables its controls but not drags: drags check this. */
export function isInReadOnlyArea(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("fieldset:disabled") !== null;
}
