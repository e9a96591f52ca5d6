import { vi } from "vitest";

export interface FakeNotificationInstance {
  title: string;
  options: NotificationOptions | undefined;
  onclick: ((event: Event) => void) | null;
  close: () => void;
}

/** Stands in for window.Notification: records each notification; `answer` is what a permission request returns. */
export function stubNotification(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: FakeNotificationInstance[] = [];
  const FakeNotification = vi.fn(function (this: FakeNotificationInstance, title: string, options?: NotificationOptions) {
    this.title = title;
    this.options = options;
    this.onclick = null;
    this.close = vi.fn();
    shown.push(this);
  }) as unknown as typeof Notification & { permission: NotificationPermission };
  const state = { permission };
  Object.defineProperty(FakeNotification, "permission", { get: () => state.permission });
  (FakeNotification as unknown as { requestPermission: () => Promise<NotificationPermission> }).requestPermission = vi.fn(async () => {
    state.permission = answer;
    return answer;
  });
  vi.stubGlobal("Notification", FakeNotification);
  return { shown, FakeNotification, state };
}
