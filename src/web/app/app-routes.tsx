import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
import { loadWithFirstData } from "../lib/first-render.ts";
import { loadGoalsPage, loadInsightsPage, loadNotFoundPage, loadSettingsPage, loadTodayPage } from "./page-loaders.ts";

// Pages load on demand so the shell's initial JavaScript stays small (budget: 120 KB gzipped). The
// page the document opens on renders first with the data its HTML carries (lib/first-render.ts).
const TodayPage = lazy(() => loadWithFirstData("/", loadTodayPage, (module) => module.firstQueries()).then((module) => ({ default: module.TodayPage })));
const GoalsPage = lazy(() => loadWithFirstData("/goals", loadGoalsPage, (module) => module.firstQueries()).then((module) => ({ default: module.GoalsPage })));
const InsightsPage = lazy(() =>
  loadWithFirstData("/insights", loadInsightsPage, (module) => module.firstQueries()).then((module) => ({ default: module.InsightsPage })),
);
const SettingsPage = lazy(() =>
  loadWithFirstData("/settings", loadSettingsPage, (module) => module.firstQueries()).then((module) => ({ default: module.SettingsPage })),
);
const NotFoundPage = lazy(() => loadNotFoundPage().then((module) => ({ default: module.NotFoundPage })));

/**
 * State carried by the /ai-chat redirect: the chat panel reads it to open itself (spec section 2:
 * "/ai-chat opens the AI chat panel and immediately redirects to /").
 */
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
