// So that the tab the user is looking at shows the notice too (docs/decisions/011-notification-rules.md).
import { type AppNotification, isAppNotification, NOTIFICATION_EVENT } from "./app-notification.ts";

const CHANNEL_NAME = "daywise-notifications";

export interface NotificationRelay {
  post(notification: AppNotification): void;
  close(): void;
}

export function openNotificationRelay(onNotification: (notification: AppNotification) => void): NotificationRelay {
  if (typeof BroadcastChannel !== "function") return { post: () => {}, close: () => {} };
  const channel = new BroadcastChannel(CHANNEL_NAME);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isAppNotification(event.data)) onNotification(event.data);
  };
  return {
    post: (notification) => channel.postMessage(notification),
    close: () => channel.close(),
  };
}

export function dispatchInAppNotification(notification: AppNotification): void {
  window.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: notification }));
}
