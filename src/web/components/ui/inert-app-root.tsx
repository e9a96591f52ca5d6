import { useEffect } from "react";

let openModals = 0;

/** Radix only hides the page behind a modal with aria-hidden, which leaves it focusable. */
export function InertAppRoot() {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root) return;
    openModals += 1;
    // Radix sets the body's pointer-events to none next; kept explicit here, the app's whole tree need not
    // restyle for it (a 4x-slowed phone spent up to 100 ms on it per open, issue 56 item 12). The overlay covers it.
    root.style.pointerEvents = "auto";
    // After the dialog's first paint: making the whole app inert restyles it all (30-60 ms at 4x); focus is
    // already trapped in the dialog meanwhile.
    let timer = 0;
    const frame = requestAnimationFrame(() => {
      timer = window.setTimeout(() => {
        if (openModals > 0) root.inert = true;
      }, 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      openModals -= 1;
      if (openModals > 0) return;
      root.inert = false;
      root.style.pointerEvents = "";
    };
  }, []);
  return null;
}
