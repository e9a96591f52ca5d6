import { Suspense, useEffect } from "react";
import { BOOT_PROVIDERS_PATH, BOOT_USER_PATH } from "../../../shared/boot-answers.ts";
import type { User } from "../../../shared/api/user.ts";
import {
  authProvidersQueryOptions,
  WelcomeScreen,
  useRecheckSessionOnPageRestore,
  useSessionUpkeep,
  useUser,
  userQueryOptions,
} from "../../features/session/index.ts";
import { AIContextProvider, AiAssistant } from "../../features/ai-chat/index.ts";
import { CommandPaletteLauncher } from "../../features/command-palette/index.ts";
import { LazyNotificationCenter } from "../../features/notifications/index.ts";
import { hasBootAnswer } from "../../lib/boot-answers.ts";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { cn } from "../../lib/utils.ts";
import { queryClient } from "../../lib/query-client.ts";
import { nextTask } from "../../lib/when-idle.ts";
import { preloadPageAt, preloadPagesWhenIdle } from "../page-loaders.ts";
import { AppHeader } from "./app-header.tsx";
import { LoadingScreen } from "./loading-screen.tsx";
import { PageFallback } from "./page-fallback.tsx";
import { SkipLink } from "./skip-link.tsx";
import { MAIN_CONTENT_ID, useFocusMainOnNavigation } from "./use-focus-main-on-navigation.ts";

const loadRoutedContent = () => import("../routed-content.tsx");
const RoutedContent = lazyWithPreload(() => loadRoutedContent().then((module) => module.RoutedContent));

/**
 * Starts fetching the routed content and the current page's code at boot, in parallel with the user
 * call, so a signed-in user does not wait for them after it.
 */
function preloadCurrentPage(): void {
  loadRoutedContent().catch((error: unknown) => console.warn("Could not preload the page", error));
  preloadPageAt(window.location.pathname);
}

/**
 * Everything the first screen needs when the page's HTML says who is signed in (decision 013): the
 * user, the routed content's code, and the page's code and data, so the app's first render shows the
 * page in one pass (a transition React renders in slices) instead of the loading screen, then the
 * header, then the page, each a render of its own. Without the user's answer in the HTML nothing is
 * waited for: the loading screen shows while the user call runs, as before. A visitor's first render
 * has the sign-in providers, so it shows the welcome screen the HTML painted, unchanged ("welcome":
 * main.tsx then takes that screen over as it is). Never fails: what could not be prepared loads as
 * it renders.
 */
export async function prepareFirstRender(): Promise<"welcome" | undefined> {
  if (!hasBootAnswer(BOOT_USER_PATH)) return undefined;
  try {
    const user = await queryClient.fetchQuery(userQueryOptions());
    if (!user) {
      // A visitor: the welcome screen renders with its sign-in buttons, as the HTML painted them,
      // not a placeholder for them first.
      if (!hasBootAnswer(BOOT_PROVIDERS_PATH)) return undefined;
      await queryClient.fetchQuery(authProvidersQueryOptions());
      return "welcome";
    }
    // In a task of its own, not inside one of the first render's slices: tailwind-merge builds its
    // class table on first use (~8 ms at full speed, a long task on a phone).
    await nextTask();
    cn("p-0", "p-1");
    const [routedContent] = await Promise.all([loadRoutedContent(), RoutedContent.preload()]);
    await routedContent.preparePageAt(window.location.pathname);
  } catch (error) {
    console.warn("Could not prepare the first screen", error);
  }
  return undefined;
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
  // Another account (a page back from the cache after a sign-in as someone else) starts afresh:
  // nothing the last one had in memory, such as their conversation, is kept.
  return <SignedInLayout key={user.id} user={user} />;
}

function SignedInLayout({ user }: { user: User }) {
  useSessionUpkeep(user);
  useFocusMainOnNavigation();

  useEffect(() => {
    // The other pages' code once the page has loaded and the browser is idle.
    return preloadPagesWhenIdle();
  }, []);

  return (
    <AIContextProvider>
      <div className="flex min-h-dvh flex-col">
        <SkipLink />
        <AppHeader user={user} />
        <main
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 pb-24 outline-none sm:px-6 lg:px-8 lg:py-8 lg:pb-24"
        >
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
