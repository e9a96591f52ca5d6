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

/** Said beside what cannot wait in the outbox offline: sign-out, account deletion, model calls, imports. */
export const NEEDS_CONNECTION_MESSAGE = "Needs a connection: you are offline.";

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

/** A disabled fieldset disables its controls but not drags: drags check this. */
export function isInReadOnlyArea(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest("fieldset:disabled") !== null;
}
