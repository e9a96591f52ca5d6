import { type ReactNode, type ReactPortal, memo, useCallback, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { afterNextPaint } from "../../lib/after-next-paint.ts";
import { DialogOpen } from "./dialog.tsx";

export interface KeptDialogBody {
  body: ReactPortal;
  slot: ReactNode;
  /** For the dialog's content: hidden, and Radix's focus held back, until the body is in. */
  contentProps: { "data-body": "pending" | "ready"; onOpenAutoFocus: (event: Event) => void };
}

/** A body built once, moved into the dialog a frame after each open; `render` gets the open count (decisions 072, 074). */
export function useKeptDialogBody(open: boolean, render: (opens: number) => ReactNode): KeptDialogBody {
  const [host] = useState(() => document.createElement("div"));
  const [counted, setCounted] = useState({ open, opens: open ? 1 : 0 });
  const opens = open && !counted.open ? counted.opens + 1 : counted.opens;
  if (counted.open !== open) setCounted({ open, opens });
  const [started, setStarted] = useState(opens);
  const isStarted = started === opens;
  // Radix focused nothing at the open (the body was not in): the body's first field takes the focus.
  const focusOnMoveIn = useRef(false);
  useEffect(() => {
    if (isStarted) return;
    return afterNextPaint(() => {
      focusOnMoveIn.current = true;
      setStarted(opens);
    });
  }, [isStarted, opens]);
  // Stable and idempotent: a move at each render would restyle the body and drop the focus inside it.
  const moveIn = useCallback(
    (slot: HTMLDivElement | null) => {
      if (!slot || host.parentNode === slot) return;
      slot.append(host);
      if (focusOnMoveIn.current && !host.contains(document.activeElement)) firstField(host)?.focus();
      focusOnMoveIn.current = false;
    },
    [host],
  );
  return {
    body: createPortal(
      <DialogOpen value={open && isStarted}>
        <Body render={render} opens={started} isStarted={isStarted} />
      </DialogOpen>,
      host,
    ),
    slot: isStarted ? <div className="contents" ref={moveIn} /> : null,
    contentProps: {
      "data-body": isStarted ? "ready" : "pending",
      onOpenAutoFocus: (event) => {
        if (!isStarted) event.preventDefault();
      },
    },
  };
}

/** Rests while an open waits for its frame: the body renders once, with the new open count. */
const Body = memo(
  function Body({ render, opens }: { render: (opens: number) => ReactNode; opens: number; isStarted: boolean }) {
    return render(opens);
  },
  (_, next) => !next.isStarted,
);

function firstField(host: HTMLElement): HTMLElement | null {
  return host.querySelector<HTMLElement>(
    "input:not([disabled]):not([type=hidden]), textarea:not([disabled]), select:not([disabled]), button:not([disabled]), [href], [tabindex]:not([tabindex='-1'])",
  );
}

/** Runs `startAgain` (state setters) in the render where the open count changes, so the body's first paint shows it. */
export function useStartAgainOnOpen(opens: number, startAgain: () => void): void {
  const [seen, setSeen] = useState(opens);
  if (seen !== opens) {
    setSeen(opens);
    startAgain();
  }
}
