import { registerServiceWorker } from "../../../lib/service-worker.ts";

export type PushSupport = "supported" | "unsupported" | "ios-not-installed";

/** iOS has Web Push only in an app added to the Home Screen (16.4+). */
export function readPushSupport(): PushSupport {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator) || typeof window.PushManager === "undefined") {
    const isIos = typeof navigator !== "undefined" && /iPhone|iPad|iPod/.test(navigator.userAgent);
    const isInstalled = typeof window.matchMedia === "function" && window.matchMedia("(display-mode: standalone)").matches;
    return isIos && !isInstalled ? "ios-not-installed" : "unsupported";
  }
  return "supported";
}

async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration("/"))) await registerServiceWorker();
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription with the server's key, made if it has none. */
export async function subscribeThisBrowser(publicKey: string): Promise<PushSubscriptionJSON> {
  const { pushManager } = await registration();
  const existing = await pushManager.getSubscription();
  const subscription =
    existing ?? (await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) }));
  return subscription.toJSON();
}

function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(text.length / 4) * 4, "=");
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
