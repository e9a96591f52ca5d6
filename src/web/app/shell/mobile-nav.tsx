import { type KeyboardEvent, Suspense, useId, useState } from "react";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../lib/when-idle.ts";
import { MobileNavTrigger } from "./mobile-nav-trigger.tsx";

// The button is this one from the first paint on and never replaced, so that a tap is never lost.
const MobileNavMenu = lazyWithPreload(() => import("./mobile-nav-menu.tsx").then((module) => module.MobileNavMenu));

export function MobileNav() {
  const isIdle = useIsIdle(MobileNavMenu.preload);
  const [isLoadedEarly, setIsLoadedEarly] = useState(false);
  const [isLoading, setIsLoading] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  const [isOpenedByKeyboard, setIsOpenedByKeyboard] = useState(false);
  const [trigger, setTrigger] = useState<HTMLButtonElement | null>(null);
  // The open menu renders inside this nav, so its links stay in the Main navigation landmark.
  const [nav, setNav] = useState<HTMLElement | null>(null);
  const triggerId = useId();
  const menuId = useId();
  const hasMenu = isIdle || isLoadedEarly;

  const open = (byKeyboard: boolean) => {
    setIsOpenedByKeyboard(byKeyboard);
    if (hasMenu) return setIsOpen(true);
    setIsLoading(true);
    MobileNavMenu.preload().then(
      () => {
        setIsLoading(false);
        setIsLoadedEarly(true);
        setIsOpen(true);
      },
      () => setIsLoading(false), // Tried again at the next tap.
    );
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== "ArrowDown") return;
    event.preventDefault();
    open(true);
  };

  return (
    <nav ref={setNav} aria-label="Main" className="md:hidden">
      <MobileNavTrigger
        ref={setTrigger}
        id={triggerId}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        aria-busy={isLoading || undefined}
        data-state={isOpen ? "open" : "closed"}
        className={isLoading ? "bg-accent text-accent-foreground" : undefined}
        // A click made by Enter or Space has no pointer presses (detail 0).
        onClick={(event) => (isOpen ? setIsOpen(false) : open(event.detail === 0))}
        onKeyDown={onKeyDown}
      />
      {hasMenu && trigger ? (
        <Suspense fallback={null}>
          <MobileNavMenu
            open={isOpen}
            onOpenChange={setIsOpen}
            focusFirstItem={isOpenedByKeyboard}
            trigger={trigger}
            triggerId={triggerId}
            menuId={menuId}
            container={nav}
          />
        </Suspense>
      ) : null}
    </nav>
  );
}
