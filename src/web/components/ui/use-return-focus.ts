import { useRef } from "react";

type AutoFocusHandler = (event: Event) => void;

/**
 * Radix returns focus only to its own Trigger; our dialogs and panels are mostly opened from a
 * card's button or a menu, which would leave focus on the page body. These handlers remember what
 * had focus when the content opened and give it back on close when it is still on the page. The
 * caller's own handlers run too, and a close handler that prevents the default keeps its choice.
 */
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
      if (event.defaultPrevented || !element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}
