import { type ReactNode, useEffect } from "react";
import type { User } from "../../../shared/api/user.ts";
import { useSessionUpkeep } from "../../features/session/index.ts";
import { AIContextProvider, AiAssistant } from "../../features/ai-chat/index.ts";
import { CommandPaletteLauncher } from "../../features/command-palette/index.ts";
import { LazyNotificationCenter } from "../../features/notifications/index.ts";
import { preloadPagesWhenIdle } from "../page-loaders.ts";
import { AppHeader } from "./app-header.tsx";
import { SkipLink } from "./skip-link.tsx";
import { MAIN_CONTENT_ID, useFocusMainOnNavigation } from "./use-focus-main-on-navigation.ts";

export function SignedInLayout({ user, children }: { user: User; children: ReactNode }) {
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
          {children}
        </main>
      </div>
      <AiAssistant />
      <CommandPaletteLauncher />
      <LazyNotificationCenter />
    </AIContextProvider>
  );
}
