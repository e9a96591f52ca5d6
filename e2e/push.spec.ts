import { startLocalPushService } from "../src/server/test/local-push-service.ts";
import { expect, expectNoAxeViolations, test, viewports } from "./fixtures.ts";
import { signIn } from "./sign-in.ts";

// The journeys block service workers, and headless Chromium has no push service offline: the page's
// pushManager.subscribe is stubbed to subscribe at web-push-testing's local push service instead, which
// checks the server's VAPID signature and decrypts what it is sent, as a browser's push service would.
test.use({ viewport: viewports.desktop });

test(
  "Settings → Notifications adds this device after the permission, sends it a test push, and removes it",
  { tag: "@full-browser" },
  async ({ page, context, baseURL }) => {
    const pushService = await startLocalPushService();
    try {
      await context.grantPermissions(["notifications"], { origin: baseURL });
      const subscriptions: Awaited<ReturnType<typeof pushService.subscribe>>[] = [];
      await page.exposeFunction("daywiseTestSubscribe", async (applicationServerKey: string) => {
        const subscription = await pushService.subscribe(applicationServerKey);
        subscriptions.push(subscription);
        return { endpoint: subscription.endpoint, keys: subscription.keys };
      });
      await page.addInitScript(() => {
        const toKey = (bytes: Uint8Array) =>
          btoa(String.fromCharCode(...bytes))
            .replace(/\+/g, "-")
            .replace(/\//g, "_")
            .replace(/=+$/, "");
        const subscribe = (window as unknown as { daywiseTestSubscribe: (key: string) => Promise<PushSubscriptionJSON> })
          .daywiseTestSubscribe;
        const registration = {
          pushManager: {
            getSubscription: async () => null,
            subscribe: async (options: { applicationServerKey: Uint8Array }) => {
              const json = await subscribe(toKey(options.applicationServerKey));
              return { toJSON: () => json };
            },
          },
        };
        Object.defineProperty(window, "PushManager", { value: function PushManager() {} });
        Object.defineProperty(navigator, "serviceWorker", {
          value: { getRegistration: async () => registration, ready: Promise.resolve(registration), register: async () => registration },
        });
      });

      await signIn(page, { name: "Ada Push", email: `push-${Date.now()}@example.com` }, "/settings?tab=notifications");
      const panel = page.getByRole("tabpanel", { name: "Notifications" });
      await expect(panel.getByText("No device gets push notifications yet.")).toBeVisible();
      await expect(panel.getByRole("switch", { name: "Task starts" })).toBeChecked();
      await expect(panel.getByLabel("Remind me")).toHaveValue("5");

      await panel.getByRole("button", { name: "Send to this device" }).click();
      const devices = panel.getByRole("list", { name: "Devices" });
      await expect(devices.getByRole("listitem")).toHaveCount(1);
      await expect(devices).toContainText(/Chrome on Linux/);
      await expectNoAxeViolations(page);

      await panel.getByRole("button", { name: "Send a test" }).click();
      await expect
        .poll(() => pushService.received(subscriptions[0]!).map((message) => message.title))
        .toEqual(["Daywise notifications are on"]);
      // The list learns of the delivery when read again.
      await page.reload();
      await expect(devices).toContainText("last notified");

      await devices.getByRole("button", { name: /^Remove/ }).click();
      await expect(panel.getByText("No device gets push notifications yet.")).toBeVisible();
    } finally {
      await pushService.close();
    }
  },
);
