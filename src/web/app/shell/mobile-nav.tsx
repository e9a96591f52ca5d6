import { Suspense, startTransition, useState } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../lib/when-idle.ts";
import { MobileNavTrigger } from "./mobile-nav-trigger.tsx";

// The menu's code loads once the page is idle, after its first paint (as the account menu's,
// features/session/components/lazy-user-menu.tsx); a tap before then opens the menu as soon as it
// arrives.
const MobileNavMenu = lazyWithPreload(() => import("./mobile-nav-menu.tsx").then((module) => module.MobileNavMenu));

/** Below md the navigation collapses into a menu button. */
export function MobileNav() {
  const isIdle = useIsIdle(MobileNavMenu.preload);
  const [isOpenRequested, setIsOpenRequested] = useState(false);
  // The open menu renders inside this nav, so its links stay in the Main navigation landmark.
  const [nav, setNav] = useState<HTMLElement | null>(null);
  const trigger = <MobileNavTrigger aria-haspopup="menu" onClick={() => startTransition(() => setIsOpenRequested(true))} />;
  return (
    <nav ref={setNav} aria-label="Main" className="md:hidden">
      <Suspense fallback={trigger}>
        {isIdle || isOpenRequested ? <MobileNavMenu defaultOpen={isOpenRequested} container={nav} /> : trigger}
      </Suspense>
    </nav>
  );
}
