import { useSyncExternalStore } from "react";
import { type NotificationPreferences, readPreferences, subscribePreferences } from "../lib/notification-preferences.ts";

export function useNotificationPreferences(): NotificationPreferences {
  return useSyncExternalStore(subscribePreferences, readPreferences, readPreferences);
}
