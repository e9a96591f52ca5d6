import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PUSH_SETTINGS } from "../../../../shared/api/push-limits.ts";
import type { PushSubscriptionView } from "../../../../shared/api/push.ts";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { stubNotification } from "../test/fake-notification.ts";
import { PUSH_DENIED_TEXT, PUSH_IOS_TEXT, PUSH_UNSUPPORTED_TEXT, PushSection } from "./push-section.tsx";

afterEach(() => {
  Reflect.deleteProperty(navigator, "serviceWorker");
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const PHONE: PushSubscriptionView = { id: "d1", deviceName: "Chrome on Android", createdAt: "2026-06-01T08:00:00.000Z", lastUsedAt: null };
const SUBSCRIPTION = { endpoint: "https://push.example.com/abc", keys: { p256dh: "BNc", auth: "tBH" } };

/** A browser with a push service: the registration's pushManager hands out SUBSCRIPTION. */
function stubPushBrowser() {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const registration = { pushManager: { getSubscription: vi.fn(async () => null), subscribe } };
  vi.stubGlobal("PushManager", function PushManager() {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { getRegistration: vi.fn(async () => registration), ready: Promise.resolve(registration), register: vi.fn() },
  });
  return { subscribe };
}

function serve(devices: PushSubscriptionView[]) {
  return mockFetch((url, init) => {
    if (url === "/api/push/subscriptions" && init.method === "POST") {
      devices.push(PHONE);
      return jsonResponse(PHONE, 201);
    }
    if (url === "/api/push/subscriptions") return jsonResponse(devices);
    if (url === "/api/push/vapid-public-key")
      return jsonResponse({ publicKey: "BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U" });
    if (url === "/api/push/test") return jsonResponse({ devices: devices.length }, 202);
    if (url.startsWith("/api/push/subscriptions/")) {
      devices.length = 0;
      return jsonResponse({ ok: true });
    }
    return jsonResponse(DEFAULT_PUSH_SETTINGS);
  });
}

describe("PushSection", () => {
  it("asks for the browser's permission only when the user chooses Send to this device, then lists the device", async () => {
    const { FakeNotification } = stubNotification("default", "granted");
    const { subscribe } = stubPushBrowser();
    const fetchMock = serve([]);
    renderWithApp(<PushSection />);
    expect(await screen.findByText("No device gets push notifications yet.")).toBeInTheDocument();
    expect((FakeNotification as unknown as { requestPermission: () => void }).requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Send to this device" }));
    expect(await screen.findByText("Chrome on Android")).toBeInTheDocument();
    expect(subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: expect.any(Uint8Array) });
    const posted = fetchMock.mock.calls.find(([url, init]) => url === "/api/push/subscriptions" && init.method === "POST");
    expect(JSON.parse(String(posted![1].body))).toEqual(SUBSCRIPTION);

    await userEvent.click(screen.getByRole("button", { name: "Send a test" }));
    expect(fetchMock.mock.calls.some(([url]) => url === "/api/push/test")).toBe(true);
    await userEvent.click(screen.getByRole("button", { name: "Remove Chrome on Android" }));
    expect(await screen.findByText("No device gets push notifications yet.")).toBeInTheDocument();
  });

  it("says how to unblock notifications when the permission is denied", async () => {
    stubNotification("denied");
    stubPushBrowser();
    serve([]);
    renderWithApp(<PushSection />);
    expect(await screen.findByText(PUSH_DENIED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Send to this device" })).toBeDisabled();
  });

  it("says why a browser without a push service cannot get them, and on an iPhone how to install the app", async () => {
    stubNotification("default");
    serve([]);
    const { unmount } = renderWithApp(<PushSection />);
    expect(await screen.findByText(PUSH_UNSUPPORTED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Send to this device" })).not.toBeInTheDocument();
    unmount();
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    renderWithApp(<PushSection />);
    expect(await screen.findByText(PUSH_IOS_TEXT)).toBeInTheDocument();
  });
});
