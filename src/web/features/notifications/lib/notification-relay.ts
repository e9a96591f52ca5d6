// The tab that notifies an event tells the other tabs, so the one the user is looking at shows it
// too (its in-app notice); see docs/decisions/011-notification-rules.md.
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

/** Raises the in-app event (spec section 4: "shown in-app as a window event"). */
export function dispatchInAppNotification(notification: AppNotification): void {
  window.dispatchEvent(new CustomEvent(NOTIFICATION_EVENT, { detail: notification }));
}
