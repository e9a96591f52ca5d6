import { Link } from "react-router";
import type { User } from "../../../shared/api/user.ts";
import { BrandMark } from "../../components/brand-mark.tsx";
import { LazyUserMenu, WelcomeLine } from "../../features/session/index.ts";
import { DesktopNav } from "./main-nav.tsx";
import { MobileNav } from "./mobile-nav.tsx";

export function AppHeader({ user }: { user: User }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:gap-6 lg:px-8">
        <MobileNav />
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        >
          <BrandMark />
          <span>Daywise</span>
        </Link>
        <DesktopNav />
        <div className="ml-auto flex min-w-0 items-center gap-3">
          <WelcomeLine user={user} />
          <LazyUserMenu user={user} />
        </div>
      </div>
    </header>
  );
}
