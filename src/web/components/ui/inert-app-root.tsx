import { useEffect } from "react";
import { afterNextPaint } from "../../lib/after-next-paint.ts";

let openModals = 0;

/** The page behind a modal: not scrolled, not clickable, not focusable (decision 072). */
export function InertAppRoot() {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root) return;
    openModals += 1;
    // Radix's AlertDialog sets the body's pointer-events to none: the app's tree need not restyle for it.
    root.style.pointerEvents = "auto";
    // After the dialog's first paint, so the open does not pay for restyling the app or a forced layout.
    const cancel = afterNextPaint(() => {
      if (openModals === 0 || root.inert) return;
      root.inert = true;
      lockScroll();
    });
    return () => {
      cancel();
      openModals -= 1;
      if (openModals > 0) return;
      if (root.inert) unlockScroll();
      root.inert = false;
      root.style.pointerEvents = "";
    };
  }, []);
  return null;
}

/** The scrollbar's gutter stays while it is hidden, so the page behind does not shift sideways. */
function lockScroll() {
  const html = document.documentElement;
  const hasScrollbar = window.innerWidth > html.clientWidth;
  html.style.overflow = "hidden";
  if (hasScrollbar) html.style.scrollbarGutter = "stable";
}

function unlockScroll() {
  const html = document.documentElement;
  html.style.overflow = "";
  html.style.scrollbarGutter = "";
}
