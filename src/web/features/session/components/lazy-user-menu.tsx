import { Suspense, lazy, useState } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { UserMenuTrigger } from "./user-menu-trigger.tsx";

// The menu's code (Radix menu, positioning) loads just after the header paints, keeping it out of
// the initial JavaScript; a click before then opens the menu as soon as it arrives.
const loadUserMenu = () => import("./user-menu.tsx");
const UserMenuContent = lazy(() => loadUserMenu().then((module) => ({ default: module.UserMenu })));

export function preloadUserMenu(): void {
  loadUserMenu().catch((error: unknown) => console.warn("Could not load the account menu", error));
}

/** The header's avatar menu (spec section 1); renders nothing without a user. */
export function LazyUserMenu({ user }: { user: User | null | undefined }) {
  const [isOpenRequested, setIsOpenRequested] = useState(false);
  // The open menu renders in here, inside the header's banner landmark (not loose in the body).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  if (!user) return null;
  return (
    <div ref={setContainer} className="flex">
      <Suspense fallback={<UserMenuTrigger user={user} aria-haspopup="menu" onClick={() => setIsOpenRequested(true)} />}>
        <UserMenuContent user={user} defaultOpen={isOpenRequested} container={container} />
      </Suspense>
    </div>
  );
}
