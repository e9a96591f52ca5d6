import { useRef } from "react";

/** For a dialog that deletes its opener's row: the element chosen on confirming takes focus on close. */
export function useFocusAfterClose() {
  const target = useRef<HTMLElement | null>(null);
  return {
    set(element: HTMLElement | null) {
      target.current = element;
    },
    onCloseAutoFocus(event: Event) {
      const element = target.current;
      target.current = null;
      if (!element?.isConnected) return;
      event.preventDefault();
      element.focus();
    },
  };
}

/** The same control in the row after `row`, else in the one before, else the first field of the row's section. */
export function neighbourControl(row: Element | null, control: string): HTMLElement | null {
  const neighbour = row?.nextElementSibling ?? row?.previousElementSibling;
  return neighbour?.querySelector<HTMLElement>(control) ?? row?.closest("section")?.querySelector<HTMLElement>("input") ?? null;
}
