import { Suspense, lazy, useEffect } from "react";
import type { User } from "../../../shared/api/user.ts";
import {
  WelcomeScreen,
  preloadUserMenu,
  useRecheckSessionOnPageRestore,
  useSessionUpkeep,
  useUser,
} from "../../features/session/index.ts";
import { AIContextProvider, AiAssistant } from "../../features/ai-chat/index.ts";
import { CommandPaletteLauncher } from "../../features/command-palette/index.ts";
import { LazyNotificationCenter } from "../../features/notifications/index.ts";
import { whenIdle } from "../../lib/when-idle.ts";
import { preloadPageAt, preloadPages } from "../page-loaders.ts";
import { AppHeader } from "./app-header.tsx";
import { LoadingScreen } from "./loading-screen.tsx";
import { preloadMobileNav } from "./mobile-nav.tsx";
import { PageFallback } from "./page-fallback.tsx";
import { SkipLink } from "./skip-link.tsx";
import { MAIN_CONTENT_ID, useFocusMainOnNavigation } from "./use-focus-main-on-navigation.ts";

const loadRoutedContent = () => import("../routed-content.tsx");
const RoutedContent = lazy(() => loadRoutedContent().then((module) => ({ default: module.RoutedContent })));

/**
 * Starts fetching the routed content and the current page's code at boot, in parallel with the user
 * call, so a signed-in user does not wait for them after it.
 */
function preloadCurrentPage(): void {
  loadRoutedContent().catch((error: unknown) => console.warn("Could not preload the page", error));
  preloadPageAt(window.location.pathname);
}

/** Spec section 2: loading, then the welcome screen for visitors or the app for signed-in users. */
export function AuthenticatedShell() {
  const { data: user, isPending } = useUser();
  useRecheckSessionOnPageRestore();

  useEffect(() => {
    preloadCurrentPage();
  }, []);

  if (isPending) return <LoadingScreen />;
  if (!user) return <WelcomeScreen />;
  return <SignedInLayout user={user} />;
}

function SignedInLayout({ user }: { user: User }) {
  useSessionUpkeep(user);
  useFocusMainOnNavigation();

  useEffect(() => {
    // The header's menus and the other pages once the page has loaded and the browser is idle.
    return whenIdle(() => {
      preloadUserMenu();
      preloadMobileNav();
      preloadPages();
    });
  }, []);

  return (
    <AIContextProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AppHeader user={user} />
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 pb-24 outline-none sm:px-6 lg:px-8 lg:py-8 lg:pb-24">
          <Suspense fallback={<PageFallback />}>
            <RoutedContent />
          </Suspense>
        </main>
      </div>
      <AiAssistant />
      <CommandPaletteLauncher />
      <LazyNotificationCenter />
    </AIContextProvider>
  );
}
