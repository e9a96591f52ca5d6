import { useEffect } from "react";

let openModals = 0;

/**
 * Rendered inside an open modal's (portaled) content: makes the app root inert while it is open,
 * so nothing behind the modal can be focused or clicked. Radix only hides it with aria-hidden,
 * which axe reports as hidden-but-focusable content.
 */
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
