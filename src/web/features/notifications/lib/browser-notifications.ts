// Behind small functions: some browsers lack it, and Android's Chrome refuses the constructor outside a service worker.

export type BrowserPermission = "unsupported" | NotificationPermission;

export function isNotificationSupported(): boolean {
  return typeof window !== "undefined" && "Notification" in window && typeof window.Notification === "function";
}

export function readBrowserPermission(): BrowserPermission {
  return isNotificationSupported() ? window.Notification.permission : "unsupported";
}

/** Older browsers answer through a callback instead of a promise. */
export async function requestBrowserPermission(): Promise<BrowserPermission> {
  if (!isNotificationSupported()) return "unsupported";
  try {
    return await new Promise<NotificationPermission>((resolve) => {
      const answer = window.Notification.requestPermission(resolve);
      if (answer && typeof answer.then === "function") void answer.then(resolve);
    });
  } catch (error) {
    console.warn("Notification permission request failed", error);
    return readBrowserPermission();
  }
}

/** `tag` replaces an earlier notification of the same event rather than stacking it. */
export function showBrowserNotification(input: { title: string; body: string; tag?: string; onClick?: () => void }): boolean {
  if (readBrowserPermission() !== "granted") return false;
  try {
    const notification = new window.Notification(input.title, { body: input.body, tag: input.tag, icon: "/favicon.svg" });
    notification.onclick = (event) => {
      event.preventDefault?.();
      window.focus();
      input.onClick?.();
      notification.close();
    };
    return true;
  } catch (error) {
    console.warn("Could not show a browser notification", error);
    return false;
  }
}
