import { Suspense, useEffect } from "react";
import { BOOT_PROVIDERS_PATH, BOOT_USER_PATH } from "../../../shared/boot-answers.ts";
import type { User } from "../../../shared/api/user.ts";
import {
  authProvidersQueryOptions,
  LazyWelcomeScreen,
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
import { reapplyPendingWrites } from "../../lib/pending-writes.ts";
import { cn } from "../../lib/utils.ts";
import { queryClient } from "../../lib/query-client.ts";
import { nextTask } from "../../lib/after-next-paint.ts";
import { preloadPageAt, preloadPagesWhenIdle } from "../page-loaders.ts";
import { AppHeader } from "./app-header.tsx";
import { LoadingScreen } from "./loading-screen.tsx";
import { PageFallback } from "./page-fallback.tsx";
import { SkipLink } from "./skip-link.tsx";
import { MAIN_CONTENT_ID, useFocusMainOnNavigation } from "./use-focus-main-on-navigation.ts";

const loadRoutedContent = () => import("../routed-content.tsx");
const RoutedContent = lazyWithPreload(() => loadRoutedContent().then((module) => module.RoutedContent));

/** The outbox's waiting changes shown over the fetched tasks and goals; loaded only once one waits. */
async function loadPendingWriteRules() {
  const [tasks, goals] = await Promise.all([
    import("../../features/tasks/lib/pending-task-writes.ts"),
    import("../../features/goals/lib/pending-goal-writes.ts"),
  ]);
  return [...tasks.pendingTaskWriteRules, ...goals.pendingGoalWriteRules];
}

/** In parallel with the user call, so that a signed-in user does not wait for them after it. */
function preloadCurrentPage(): void {
  loadRoutedContent().catch((error: unknown) => console.warn("Could not preload the page", error));
  preloadPageAt(window.location.pathname);
}

// With the user's answer in the HTML (decision 013), wait for what the first screen needs so that the
// first render shows the page in one pass, not the loading screen, then the header, then the page.
export async function prepareFirstRender(): Promise<"welcome" | undefined> {
  reapplyPendingWrites(queryClient, loadPendingWriteRules);
  if (!hasBootAnswer(BOOT_USER_PATH)) return undefined;
  try {
    const user = await queryClient.fetchQuery(userQueryOptions());
    if (!user) {
      // A visitor: the welcome screen renders with its sign-in buttons as the HTML painted them.
      if (!hasBootAnswer(BOOT_PROVIDERS_PATH)) return undefined;
      await Promise.all([queryClient.fetchQuery(authProvidersQueryOptions()), LazyWelcomeScreen.preload()]);
      return "welcome";
    }
    // In a task of its own: tailwind-merge builds its class table on first use, a long task on a phone.
    await nextTask();
    cn("p-0", "p-1");
    const [routedContent] = await Promise.all([loadRoutedContent(), RoutedContent.preload()]);
    await routedContent.preparePageAt(window.location.pathname);
  } catch (error) {
    console.warn("Could not prepare the first screen", error);
  }
  return undefined;
}

export function AuthenticatedShell() {
  const { data: user, isPending } = useUser();
  useRecheckSessionOnPageRestore();

  useEffect(() => {
    preloadCurrentPage();
  }, []);

  if (isPending) return <LoadingScreen />;
  if (!user)
    return (
      // renderWelcomeScreen (first-screens.tsx) writes the same boundary, so the HTML's screen is taken over as it is.
      <Suspense fallback={<LoadingScreen />}>
        <LazyWelcomeScreen />
      </Suspense>
    );
  // Another account (a cached page after signing in as someone else) starts afresh, keeping nothing in memory.
  return <SignedInLayout key={user.id} user={user} />;
}

function SignedInLayout({ user }: { user: User }) {
  useSessionUpkeep(user);
  useFocusMainOnNavigation();

  useEffect(() => {
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
