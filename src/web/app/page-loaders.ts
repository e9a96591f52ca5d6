import { whenIdle } from "../lib/when-idle.ts";

// The pages' code-split modules. Kept apart from the routes so the shell can start fetching the
// current page at boot without waiting for anything else.
export const loadTodayPage = () => import("./pages/today-page.tsx");
export const loadGoalsPage = () => import("./pages/goals-page.tsx");
export const loadInsightsPage = () => import("./pages/insights-page.tsx");
export const loadSettingsPage = () => import("./pages/settings-page.tsx");
export const loadNotFoundPage = () => import("./pages/not-found-page.tsx");

const pageLoaders: Record<string, () => Promise<unknown>> = {
  "/": loadTodayPage,
  "/goals": loadGoalsPage,
  "/insights": loadInsightsPage,
  "/settings": loadSettingsPage,
};

function preload(load: () => Promise<unknown>): Promise<unknown> {
  return load().catch((error: unknown) => console.warn("Could not preload a page", error));
}

/**
 * Every page's code once the page is idle, one page per turn of idle work (whenIdle), so that
 * navigating never waits on it; returns a cancel function.
 */
export function preloadPagesWhenIdle(): () => void {
  const cancels = Object.values(pageLoaders).map((load) => whenIdle(() => preload(load)));
  return () => cancels.forEach((cancel) => cancel());
}

/** The code of the page at `pathname`, when there is one. */
export function preloadPageAt(pathname: string): void {
  const load = pageLoaders[pathname.replace(/(.)\/+$/u, "$1")];
  if (load) void preload(load);
}
