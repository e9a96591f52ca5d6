import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/** Another dialog or panel opened as this one closed (the palette opening Future Tasks): it keeps focus. */
function isFocusInAnotherDialog(closing: EventTarget | null): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || (closing instanceof Node && closing.contains(active))) return false;
  return active.closest('[role="dialog"], [role="alertdialog"]') !== null;
}

/** Radix returns focus only to its own Trigger; ours mostly open from a card's button or a menu. */
export function useReturnFocus(handlers: { onOpenAutoFocus?: AutoFocusHandler; onCloseAutoFocus?: AutoFocusHandler }) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      handlers.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus(event: Event) {
      handlers.onCloseAutoFocus?.(event);
      const element = opener.current;
      opener.current = null;
      if (event.defaultPrevented) return;
      event.preventDefault();
      // A non-modal panel would take focus moving out of it for a click away, and close.
      if (isFocusInAnotherDialog(event.target)) return;
      // An opener gone with what it acted on (the last task of a day, an empty state's button): the page's
      // main area rather than the start of the document.
      (element?.isConnected ? element : document.querySelector<HTMLElement>("main"))?.focus();
    },
  };
}
