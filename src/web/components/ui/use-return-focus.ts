import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/** A dialog or non-modal panel opened as this one closed keeps focus: a panel closes when focus leaves it. */
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
      if (isFocusInAnotherDialog(event.target)) return;
      // An opener gone with what it acted on: the page's main area, not the start of the document.
      (element?.isConnected ? element : document.querySelector<HTMLElement>("main"))?.focus();
    },
  };
}
