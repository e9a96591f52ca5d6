import { PAGE_FILES_ELEMENT_ID, type PageFiles } from "../../shared/page-files.ts";
import { whenIdle } from "../lib/when-idle.ts";

// Apart from the routes so that the shell can fetch the current page at boot without waiting for anything else.
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

function readPageFiles(): PageFiles {
  const element = document.getElementById(PAGE_FILES_ELEMENT_ID);
  try {
    const parsed: unknown = JSON.parse(element?.textContent || "{}");
    return parsed !== null && typeof parsed === "object" ? (parsed as PageFiles) : {};
  } catch (error) {
    console.warn("Could not read the other pages' files", error);
    return {};
  }
}

function preloadModules(files: readonly string[]): Promise<unknown> {
  const present = new Set([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.href));
  return Promise.all(
    files.map((file) => {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = file;
      if (present.has(link.href)) return undefined;
      link.crossOrigin = "";
      link.setAttribute("fetchpriority", "low");
      const settled = new Promise((resolve) => {
        link.onload = resolve;
        link.onerror = resolve;
      });
      document.head.append(link);
      return settled;
    }),
  );
}

/** Fetched and compiled, not run: running a page's modules is a long task on a phone, left to when it opens (decision 013). */
export function preloadPagesWhenIdle(): () => void {
  const cancels = Object.values(readPageFiles()).map((files) => whenIdle(() => preloadModules(files)));
  return () => cancels.forEach((cancel) => cancel());
}

export function preloadPageAt(pathname: string): void {
  const load = pageLoaders[pathname.replace(/(.)\/+$/u, "$1")];
  if (load) void preload(load);
}
