// Answered inside the page's HTML so that a phone does not wait for script, user and data in turn
// (see docs/decisions/013-phone-first-paint.md).
import { isCalendarDate, todayInZone } from "./rules/dates.ts";

export const BOOT_ANSWERS_ELEMENT_ID = "daywise-boot-answers";

export const BOOT_ANSWERS_MAX_AGE_MS = 30_000;

/** First: every other answer depends on who is signed in. */
export const BOOT_USER_PATH = "/api/user";

export interface BootAnswer {
  status: number;
  body: unknown;
  /** The user's data version the answer was read at (the X-Data-Version of a signed-in read). */
  version?: number;
}
export type BootAnswers = Record<string, BootAnswer>;

export const BOOT_PROVIDERS_PATH = "/auth/providers";

export const SIGNED_OUT_BOOT_PATHS = [BOOT_PROVIDERS_PATH] as const;

// Written exactly as the web app's API functions write them. Without a saved zone the browser's is
// used, which the server cannot know, so the day's calls are left to the browser.
export function signedInBootPaths(pathname: string, search: URLSearchParams, timeZone: string | null, now: Date): string[] {
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

/** `<` is escaped so that no value can close the element. */
export function serializeBootAnswers(answers: BootAnswers): string {
  return JSON.stringify(answers).replace(/</gu, "\\u003c");
}
