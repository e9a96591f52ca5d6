import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

export const MAIN_CONTENT_ID = "main-content";

// As a page load would, so that keyboard users go on in the new page and screen readers announce it.
// Focusing never scrolls: that would put the page heading under the sticky header.
export function useFocusMainOnNavigation(): void {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previousPathname = useRef(pathname);

  useEffect(() => {
    if (previousPathname.current === pathname) return;
    previousPathname.current = pathname;
    if (navigationType === "REPLACE") return;
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main) return;
    main.focus({ preventScroll: true });
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, navigationType]);
}
