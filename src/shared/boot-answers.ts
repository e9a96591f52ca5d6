// Boot answers (issue 20, decision 013): the server answers the GET calls a page makes on its first
// render inside the page's HTML, as inert JSON, so a phone does not wait for the script, then the
// user call, then the page's data, one after the other. The web app's API client takes each answer
// once, in place of the network (src/web/lib/boot-answers.ts); the server builds them by calling
// its own routes with the page request's cookies (src/server/plugins/web-app.ts), so an answer is
// exactly what the call would have answered a moment later.
import { isCalendarDate, todayInZone } from "./rules/dates.ts";

/** The id of the `<script type="application/json">` element that carries the answers. */
export const BOOT_ANSWERS_ELEMENT_ID = "daywise-boot-answers";

/** Answers older than this (from the page's start) are not used: the client asks the network. */
export const BOOT_ANSWERS_MAX_AGE_MS = 30_000;

/** The user call: first, because every other answer depends on who is signed in. */
export const BOOT_USER_PATH = "/api/user";

/** What a page asks for on its first render, keyed by the call's path as the web app writes it. */
export interface BootAnswer {
  status: number;
  body: unknown;
}
export type BootAnswers = Record<string, BootAnswer>;

/** The welcome screen's sign-in buttons. */
export const BOOT_PROVIDERS_PATH = "/auth/providers";

/** The paths a signed-out visitor's first render asks for (the welcome screen's sign-in buttons). */
export const SIGNED_OUT_BOOT_PATHS = [BOOT_PROVIDERS_PATH] as const;

/**
 * The GET paths a signed-in page asks for on its first render, written exactly as the web app's
 * API functions write them. `timeZone` is the user's saved zone: without one the web app uses the
 * browser's, which the server cannot know, so the day's calls are left to the browser.
 */
export function signedInBootPaths(pathname: string, search: URLSearchParams, timeZone: string | null, now: Date): string[] {
  // Every signed-in page shows the stalled count in the navigation and reads the goals.
  const shared = ["/api/tasks/stalled", "/api/goals"];
  switch (pathname.replace(/(.)\/+$/u, "$1")) {
    case "/":
    case "/ai-chat": {
      if (!timeZone) return shared;
      const param = search.get("date");
      const date = pathname === "/" && param !== null && isCalendarDate(param) ? param : todayInZone(now, timeZone);
      const day = encodeURIComponent(date);
      return [
        `/api/tasks?date=${day}`,
        `/api/tasks/stats?date=${day}`,
        ...shared,
        "/api/weekly-summaries?limit=1",
        `/api/ai/insights?date=${day}`,
      ];
    }
    case "/insights":
      return ["/api/weekly-summaries?limit=4", ...shared];
    case "/settings":
      return ["/api/ai/providers", ...shared];
    default:
      return shared;
  }
}

/**
 * The answers as the text of a `<script type="application/json">` element: JSON in which `<` is
 * escaped, so no value can close the element.
 */
export function serializeBootAnswers(answers: BootAnswers): string {
  return JSON.stringify(answers).replace(/</gu, "\\u003c");
}
