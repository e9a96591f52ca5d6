import { Suspense, lazy, useState } from "react";
import { MobileNavTrigger } from "./mobile-nav-trigger.tsx";

// The menu's code loads just after the header paints (see preloadMobileNav); a tap before then
// opens the menu as soon as it arrives.
const loadMobileNavMenu = () => import("./mobile-nav-menu.tsx");
const MobileNavMenu = lazy(() => loadMobileNavMenu().then((module) => ({ default: module.MobileNavMenu })));

export function preloadMobileNav(): void {
  loadMobileNavMenu().catch((error: unknown) => console.warn("Could not load the navigation menu", error));
}

/** Below md the navigation collapses into a menu button. */
export function MobileNav() {
  const [isOpenRequested, setIsOpenRequested] = useState(false);
  // The open menu renders inside this nav, so its links stay in the Main navigation landmark.
  const [nav, setNav] = useState<HTMLElement | null>(null);
  return (
    <nav ref={setNav} aria-label="Main" className="md:hidden">
      <Suspense fallback={<MobileNavTrigger aria-haspopup="menu" onClick={() => setIsOpenRequested(true)} />}>
        <MobileNavMenu defaultOpen={isOpenRequested} container={nav} />
      </Suspense>
    </nav>
  );
}
