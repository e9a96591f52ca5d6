// What the notification engine raises: one in-app event (and, when allowed, one browser notification).

export const NOTIFICATION_KINDS = ["stalled", "completed", "procrastination", "goal-deadline", "daily-insight"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface AppNotification {
  kind: NotificationKind;
  /** Names the event (kind and subject): the browser notification's tag and the cross-tab marker's key. */
  key: string;
  title: string;
  body: string;
  /** Where a click on it takes the user (an app path, with the day or the goal). */
  path: string;
}

/** The in-app event, dispatched on `window` with the notification as its detail. */
export const NOTIFICATION_EVENT = "daywise:notification";

export type NotificationEvent = CustomEvent<AppNotification>;

export function isAppNotification(value: unknown): value is AppNotification {
  if (value === null || typeof value !== "object") return false;
  const candidate = value as Record<string, unknown>;
  return (
    (NOTIFICATION_KINDS as readonly unknown[]).includes(candidate.kind) &&
    typeof candidate.key === "string" &&
    typeof candidate.title === "string" &&
    typeof candidate.body === "string" &&
    typeof candidate.path === "string" &&
    candidate.path.startsWith("/")
  );
}

/** The board's address for a day: "/" for today (the board's default), else `/?date=`. */
export function boardPath(date: string | null, today: string): string {
  return date === null || date === today ? "/" : `/?date=${encodeURIComponent(date)}`;
}

/** The element id of a goal's card on /goals (the goals feature puts it there). */
export function goalPath(goalId: string): string {
  return `/goals#goal-${encodeURIComponent(goalId)}`;
}

export const INSIGHTS_PATH = "/insights";
