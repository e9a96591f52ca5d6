import { useRef } from "react";

/**
 * For a dialog opened without a Radix trigger (from a card's button, say): gives focus back to
 * whatever had it when the dialog opened, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<Element | null>(null);
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement;
    },
    onCloseAutoFocus: (event: Event) => {
      const element = opener.current;
      opener.current = null;
      if (element instanceof HTMLElement && element.isConnected) {
        event.preventDefault();
        element.focus();
      }
    },
  };
}
