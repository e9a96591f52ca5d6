import { type ReactNode, type ReactPortal, useCallback, useState } from "react";
import { createPortal } from "react-dom";

/** A body built once, moved into the dialog at each open; `render` gets the open count to start again (decision 072). */
export function useKeptDialogBody(open: boolean, render: (opens: number) => ReactNode): { body: ReactPortal; slot: ReactNode } {
  const [host] = useState(() => document.createElement("div"));
  const [counted, setCounted] = useState({ open, opens: open ? 1 : 0 });
  const opens = open && !counted.open ? counted.opens + 1 : counted.opens;
  if (counted.open !== open) setCounted({ open, opens });
  // Moved in once per open: moving it again at each render (a close's) restyled and laid out the whole body.
  const moveIn = useCallback(
    (slot: HTMLDivElement | null) => {
      if (slot && host.parentNode !== slot) slot.append(host);
    },
    [host],
  );
  return { body: createPortal(render(opens), host), slot: <div className="contents" ref={moveIn} /> };
}
