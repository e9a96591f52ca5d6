import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

export const MAIN_CONTENT_ID = "main-content";

/**
 * After the user moves to another page (a link, a menu item, Back or Forward), focus goes to the
 * page's main region, as a full page load would put it at the top: keyboard users continue in the
 * new page instead of in the header, and screen readers announce it. Redirects (replace) and
 * changes within a page (its query or hash) leave focus where it is.
 *
 * Focusing never scrolls: the browser would scroll the main region's top edge into view, which puts
 * the page heading under the sticky header. The new page starts at the top instead, as after a load.
 */
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
