import { useEffect } from "react";

let openModals = 0;

/** Radix only hides the page behind a modal with aria-hidden, which leaves it focusable. */
export function InertAppRoot() {
  useEffect(() => {
    const root = document.getElementById("root");
    if (!root) return;
    openModals += 1;
    root.inert = true;
    return () => {
      openModals -= 1;
      if (openModals === 0) root.inert = false;
    };
  }, []);
  return null;
}
