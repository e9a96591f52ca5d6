// The notifications feature's public surface. The shell and the Settings page import from here; the
// engine and the tab load lazily (the engine when the browser is idle), so the initial JavaScript
// does not grow.
export { NOTIFICATION_EVENT, type AppNotification, type NotificationKind } from "./lib/app-notification.ts";
export { NotificationsPanel, LazyNotificationCenter } from "./components/lazy-notifications.tsx";
