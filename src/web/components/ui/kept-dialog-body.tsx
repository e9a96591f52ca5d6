import { type ReactNode, type ReactPortal, useCallback, useState } from "react";
import { createPortal } from "react-dom";

/** A body built once, moved into the dialog at each open; `render` gets the open count to start again (decision 072). */
export function useKeptDialogBody(open: boolean, render: (opens: number) => ReactNode): { body: ReactPortal; slot: ReactNode } {
  const [host] = useState(() => document.createElement("div"));
  const [counted, setCounted] = useState({ open, opens: open ? 1 : 0 });
  const opens = open && !counted.open ? counted.opens + 1 : counted.opens;
  if (counted.open !== open) setCounted({ open, opens });
  // Stable and idempotent: a move at each render would restyle the body and drop the focus inside it.
  const moveIn = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot && host.parentNode !== slot) slot.append(host);
    },
    [host],
  );
  return { body: createPortal(render(opens), host), slot: <div className="contents" ref={moveIn} /> };
}

/** Runs `startAgain` (state setters) in the render where the open count changes, so the open paints it at once. */
export function useStartAgainOnOpen(opens: number, startAgain: () => void): void {
  const [seen, setSeen] = useState(opens);
  if (seen !== opens) {
    setSeen(opens);
    startAgain();
  }
}
