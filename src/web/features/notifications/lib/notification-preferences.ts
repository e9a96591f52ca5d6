// A change in one tab reaches the others through the storage event.
import { readUserItem, writeUserItem } from "../../../lib/user-storage.ts";

export const NOTIFICATION_PREFERENCES_KEY = "daywise:notification-preferences";

export interface NotificationPreferences {
  stalledTasks: boolean;
  dailyInsights: boolean;
  goalDeadlines: boolean;
  procrastinationAlerts: boolean;
  completionCelebrations: boolean;
  browserNotifications: boolean;
}

export type NotificationPreference = keyof NotificationPreferences;

export const DEFAULT_NOTIFICATION_PREFERENCES: Readonly<NotificationPreferences> = Object.freeze({
  stalledTasks: true,
  dailyInsights: false,
  goalDeadlines: true,
  procrastinationAlerts: false,
  completionCelebrations: true,
  browserNotifications: false,
});

const PREFERENCE_NAMES = Object.keys(DEFAULT_NOTIFICATION_PREFERENCES) as NotificationPreference[];

export function parsePreferences(raw: string | null): NotificationPreferences {
  const preferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };
  if (raw === null) return preferences;
  let stored: unknown;
  try {
    stored = JSON.parse(raw);
  } catch {
    return preferences;
  }
  if (stored === null || typeof stored !== "object") return preferences;
  for (const name of PREFERENCE_NAMES) {
    const value = (stored as Record<string, unknown>)[name];
    if (typeof value === "boolean") preferences[name] = value;
  }
  return preferences;
}

// When storage cannot be written, the choice still holds in this page until it reloads.
let unsavedRaw: string | null = null;
let cached: { raw: string | null; preferences: NotificationPreferences } | null = null;
const listeners = new Set<() => void>();

function readRaw(): string | null {
  if (unsavedRaw !== null) return unsavedRaw;
  try {
    return readUserItem(NOTIFICATION_PREFERENCES_KEY);
  } catch {
    return null;
  }
}

/** The same object until they change: a useSyncExternalStore snapshot. */
export function readPreferences(): NotificationPreferences {
  const raw = readRaw();
  if (cached?.raw !== raw) cached = { raw, preferences: parsePreferences(raw) };
  return cached.preferences;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setPreference(name: NotificationPreference, value: boolean): NotificationPreferences {
  const raw = JSON.stringify({ ...readPreferences(), [name]: value });
  try {
    writeUserItem(NOTIFICATION_PREFERENCES_KEY, raw);
    unsavedRaw = null;
  } catch (error) {
    unsavedRaw = raw;
    console.warn("failed to save notification preferences", error);
  }
  notify();
  return readPreferences();
}

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === NOTIFICATION_PREFERENCES_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}
