import { useSyncExternalStore } from "react";
import { type NotificationPreferences, readPreferences, subscribePreferences } from "../lib/notification-preferences.ts";

/** The notification preferences, kept current when they change here or in another tab. */
export function useNotificationPreferences(): NotificationPreferences {
  return useSyncExternalStore(subscribePreferences, readPreferences, readPreferences);
}
