// The engine and the tab load lazily, so that the initial JavaScript does not grow.
export { NOTIFICATION_EVENT, type AppNotification, type NotificationKind } from "./lib/app-notification.ts";
export { NotificationsPanel, LazyNotificationCenter } from "./components/lazy-notifications.tsx";
