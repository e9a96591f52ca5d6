export const NOTIFICATION_KINDS = ["stalled", "completed", "procrastination", "goal-deadline", "daily-insight"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface AppNotification {
  kind: NotificationKind;
  /** The browser notification's tag and the cross-tab marker's key. */
  key: string;
  title: string;
  body: string;
  path: string;
}

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

export function boardPath(date: string | null, today: string): string {
  return date === null || date === today ? "/" : `/?date=${encodeURIComponent(date)}`;
}

export function goalPath(goalId: string): string {
  return `/goals#goal-${encodeURIComponent(goalId)}`;
}

export const INSIGHTS_PATH = "/insights";
