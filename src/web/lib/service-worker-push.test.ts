// The service worker's push and click handlers, run from public/sw.js itself in a context that stands in for the worker's.
import { describe, expect, it, vi } from "vitest";
import source from "../public/sw.js?raw";

function loadWorker(windows: Array<{ url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }> = []) {
  const handlers = new Map<string, (event: unknown) => void>();
  const worker = {
    location: new URL("https://plan.example.com/sw.js"),
    registration: { showNotification: vi.fn().mockResolvedValue(undefined) },
    clients: { matchAll: vi.fn().mockResolvedValue(windows), openWindow: vi.fn().mockResolvedValue(null), claim: vi.fn() },
    addEventListener: (type: string, handler: (event: unknown) => void) => handlers.set(type, handler),
  };
  // The worker's own file, run with a stand-in `self`.
  new Function("self", "caches", source)(worker, {});
  const dispatch = async (type: string, event: object) => {
    let waited: Promise<unknown> = Promise.resolve();
    handlers.get(type)!({ ...event, waitUntil: (promise: Promise<unknown>) => (waited = promise) });
    await waited;
  };
  return { worker, dispatch };
}

const pushEvent = (payload: unknown) => ({
  data: { json: () => (typeof payload === "string" ? JSON.parse(payload) : payload), text: () => String(payload) },
});

describe("the service worker's Web Push handlers (decision 058)", () => {
  it("shows the pushed title and body, keeping the page to open", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch(
      "push",
      pushEvent({ title: "Starts in 5 minutes: Write the report", body: "At 09:06", url: "/?date=2026-06-11", tag: "start-1" }),
    );
    expect(worker.registration.showNotification).toHaveBeenCalledWith("Starts in 5 minutes: Write the report", {
      body: "At 09:06",
      tag: "start-1",
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: "/?date=2026-06-11" },
    });
  });

  it("never opens another site: a url that is not the app's own path opens the board", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch("push", pushEvent({ title: "Hi", body: "", url: "https://evil.example/" }));
    expect(worker.registration.showNotification.mock.calls[0]![1].data).toEqual({ url: "/" });
  });

  it("a click focuses an open Daywise window and takes it to the page", async () => {
    const open = { url: "https://plan.example.com/goals", focus: vi.fn(), navigate: vi.fn().mockResolvedValue(undefined) };
    open.focus.mockResolvedValue(open);
    const { worker, dispatch } = loadWorker([open]);
    const close = vi.fn();
    await dispatch("notificationclick", { notification: { close, data: { url: "/?date=2026-06-11" } } });
    expect(close).toHaveBeenCalled();
    expect(open.navigate).toHaveBeenCalledWith("https://plan.example.com/?date=2026-06-11");
    expect(worker.clients.openWindow).not.toHaveBeenCalled();
  });

  it("a click with no Daywise window open opens one on the page", async () => {
    const { worker, dispatch } = loadWorker();
    await dispatch("notificationclick", { notification: { close: vi.fn(), data: { url: "/settings?tab=notifications" } } });
    expect(worker.clients.openWindow).toHaveBeenCalledWith("https://plan.example.com/settings?tab=notifications");
  });
});
