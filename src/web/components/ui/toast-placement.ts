import { type CSSProperties, useEffect, useState } from "react";

/** Where the toasts go: their usual corner, or, while a modal dialog is open, a band it leaves free, else behind it. */
export type ToastPlacement =
  | { kind: "usual" }
  | { kind: "beside"; width: number }
  | { kind: "above"; height: number }
  | { kind: "below"; height: number }
  | { kind: "behind" };

/** What one toast needs, with the viewport's padding: a two-line description fits. */
export const TOAST_ROOM = { width: 320, height: 112 };
const GAP = 8;

type Box = { top: number; bottom: number; right: number };

export function placeToasts(view: { width: number; height: number }, dialog: Box | null): ToastPlacement {
  if (!dialog) return { kind: "usual" };
  const beside = view.width - dialog.right - GAP;
  const above = dialog.top - GAP;
  const below = view.height - dialog.bottom - GAP;
  if (beside >= TOAST_ROOM.width) return { kind: "beside", width: beside };
  if (above >= TOAST_ROOM.height) return { kind: "above", height: above };
  if (below >= TOAST_ROOM.height) return { kind: "below", height: below };
  return { kind: "behind" };
}

/** The open modal's box (not the side panel's, which is not modal); the last opened is on top. */
function modalBox(): Box | null {
  const open = document.querySelectorAll('[role="dialog"][aria-modal="true"][data-state="open"], [role="alertdialog"][data-state="open"]');
  const top = open[open.length - 1];
  return top ? top.getBoundingClientRect() : null;
}

const sameAs = (a: ToastPlacement, b: ToastPlacement) => JSON.stringify(a) === JSON.stringify(b);

/** Watched only while a toast is shown, so that a quiet page pays nothing. */
export function useToastPlacement(active: boolean): ToastPlacement {
  const [placement, setPlacement] = useState<ToastPlacement>({ kind: "usual" });
  useEffect(() => {
    if (!active) return;
    const place = () => {
      const next = placeToasts({ width: window.innerWidth, height: window.innerHeight }, modalBox());
      setPlacement((current) => (sameAs(current, next) ? current : next));
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-state", "style"] });
    window.addEventListener("resize", place);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", place);
    };
  }, [active]);
  return placement;
}

/** Inline, so that it wins over the viewport's usual classes. */
export function placementStyle(placement: ToastPlacement): CSSProperties | undefined {
  switch (placement.kind) {
    case "usual":
      return undefined;
    case "beside":
      return { top: 0, bottom: "auto", right: 0, left: "auto", width: Math.min(placement.width, 420), maxHeight: "100dvh" };
    case "above":
      return { top: 0, bottom: "auto", maxHeight: placement.height };
    case "below":
      return { top: "auto", bottom: 0, maxHeight: placement.height };
    case "behind":
      return { zIndex: 40 };
  }
}
