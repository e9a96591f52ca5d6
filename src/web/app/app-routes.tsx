import { Navigate, Route, Routes } from "react-router";
import { loadWithFirstData } from "../lib/first-render.ts";
import { lazyWithPreload } from "../lib/lazy-with-preload.tsx";
import { loadGoalsPage, loadInsightsPage, loadNotFoundPage, loadSettingsPage, loadTodayPage } from "./page-loaders.ts";

// Pages load on demand so that the shell's initial JavaScript stays small.
const TodayPage = lazyWithPreload(() =>
  loadWithFirstData("/", loadTodayPage, (module) => module.firstQueries()).then((module) => module.TodayPage),
);
const GoalsPage = lazyWithPreload(() =>
  loadWithFirstData("/goals", loadGoalsPage, (module) => module.firstQueries()).then((module) => module.GoalsPage),
);
const InsightsPage = lazyWithPreload(() =>
  loadWithFirstData("/insights", loadInsightsPage, (module) => module.firstQueries()).then((module) => module.InsightsPage),
);
const SettingsPage = lazyWithPreload(() =>
  loadWithFirstData("/settings", loadSettingsPage, (module) => module.firstQueries()).then(async (module) => {
    await module.preloadOpenTab().catch(() => undefined); // else the tab loads as it renders
    return module.SettingsPage;
  }),
);
const NotFoundPage = lazyWithPreload(() => loadNotFoundPage().then((module) => module.NotFoundPage));

const pagesByPath: Record<string, { preload(): Promise<unknown> }> = {
  "/": TodayPage,
  "/ai-chat": TodayPage,
  "/goals": GoalsPage,
  "/insights": InsightsPage,
  "/settings": SettingsPage,
};

/** Ahead of the first render, so that it shows the page instead of its fallback. */
export async function preparePageAt(pathname: string): Promise<void> {
  await (pagesByPath[pathname.replace(/(.)\/+$/u, "$1")] ?? NotFoundPage).preload();
}

export interface AiChatRedirectState {
  openAiChat: true;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route index element={<TodayPage />} />
      <Route path="goals" element={<GoalsPage />} />
      <Route path="insights" element={<InsightsPage />} />
      <Route path="settings" element={<SettingsPage />} />
      <Route path="ai-chat" element={<Navigate to="/" replace state={{ openAiChat: true } satisfies AiChatRedirectState} />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
