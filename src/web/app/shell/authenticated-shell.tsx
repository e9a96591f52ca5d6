import { Suspense, useEffect } from "react";
import { BOOT_PROVIDERS_PATH, BOOT_USER_PATH } from "../../../shared/boot-answers.ts";
import {
  authProvidersQueryOptions,
  WelcomeScreen,
  useRecheckSessionOnPageRestore,
  useUser,
  userQueryOptions,
} from "../../features/session/index.ts";
import { hasBootAnswer } from "../../lib/boot-answers.ts";
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";
import { reapplyPendingWrites } from "../../lib/pending-writes.ts";
import { cn } from "../../lib/utils.ts";
import { queryClient } from "../../lib/query-client.ts";
import { nextTask } from "../../lib/when-idle.ts";
import { preloadPageAt } from "../page-loaders.ts";
import { LoadingScreen } from "./loading-screen.tsx";

const loadRoutedContent = () => import("../routed-content.tsx");
const SignedInContent = lazyWithPreload(() => loadRoutedContent().then((module) => module.SignedInContent));

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
      await queryClient.fetchQuery(authProvidersQueryOptions());
      return "welcome";
    }
    // In a task of its own: tailwind-merge builds its class table on first use, a long task on a phone.
    await nextTask();
    cn("p-0", "p-1");
    const [routedContent] = await Promise.all([loadRoutedContent(), SignedInContent.preload()]);
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
  if (!user) return <WelcomeScreen />;
  // Another account (a cached page after signing in as someone else) starts afresh, keeping nothing in memory.
  return (
    <Suspense fallback={<LoadingScreen />}>
      <SignedInContent key={user.id} user={user} />
    </Suspense>
  );
}
