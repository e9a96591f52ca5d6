import { Suspense, startTransition, useState } from "react";
import type { User } from "../../../../shared/api/user.ts";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { useIsIdle } from "../../../lib/when-idle.ts";
import { UserMenuTrigger } from "./user-menu-trigger.tsx";

// Loads once idle, out of the first render's way on a slow phone; a click before then opens it once it arrives.
const UserMenuContent = lazyWithPreload(() => import("./user-menu.tsx").then((module) => module.UserMenu));

export function LazyUserMenu({ user }: { user: User | null | undefined }) {
  const isIdle = useIsIdle(UserMenuContent.preload);
  const [isOpenRequested, setIsOpenRequested] = useState(false);
  // The open menu renders in here, inside the header's banner landmark (not loose in the body).
  const [container, setContainer] = useState<HTMLElement | null>(null);
  if (!user) return null;
  // Both switches to the menu are transitions: the button stays as it is until the menu's code is in.
  const trigger = <UserMenuTrigger user={user} aria-haspopup="menu" onClick={() => startTransition(() => setIsOpenRequested(true))} />;
  return (
    <div ref={setContainer} className="flex">
      <Suspense fallback={trigger}>
        {isIdle || isOpenRequested ? <UserMenuContent user={user} defaultOpen={isOpenRequested} container={container} /> : trigger}
      </Suspense>
    </div>
  );
}
