import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserNavigation } from "../../lib/api-client.ts";
import { KEPT_PAGE_SELECTOR } from "../../lib/online.ts";
import { KEPT_PAGE_FIRST_RETRY_MS, OfflineBanner } from "./offline-banner.tsx";

let browserOnline = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => browserOnline });

function markKeptPage() {
  const marker = document.createElement("meta");
  marker.name = "daywise-kept-page";
  marker.content = "2026-11-24T10:00:00.000Z";
  document.head.append(marker);
}

/** Lets the awaited fetch and its answer settle under fake timers. */
const settle = () => act(async () => {});

describe("OfflineBanner on the service worker's kept copy (decision 018)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    browserOnline = true;
    document.head.querySelector(KEPT_PAGE_SELECTOR)?.remove();
  });

  it("reloads once the server answers again, asking from time to time and at once when back online", async () => {
    markKeptPage();
    browserOnline = false;
    const reload = vi.spyOn(browserNavigation, "reload").mockImplementation(() => {});
    let reachable = false;
    const fetchMock = vi.fn(async () => {
      if (!reachable) throw new TypeError("Failed to fetch");
      return new Response("ok");
    });
    vi.stubGlobal("fetch", fetchMock);
    render(<OfflineBanner isOffline />);

    // Offline, the server is not even asked.
    await act(() => vi.advanceTimersByTimeAsync(KEPT_PAGE_FIRST_RETRY_MS * 4));
    expect(fetchMock).not.toHaveBeenCalled();

    // Back online but the server is still out of reach: asked, no reload, asked again later.
    browserOnline = true;
    act(() => window.dispatchEvent(new Event("online")));
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledWith("/healthz", { cache: "no-store" });
    expect(reload).not.toHaveBeenCalled();

    reachable = true;
    await act(() => vi.advanceTimersByTimeAsync(KEPT_PAGE_FIRST_RETRY_MS));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("leaves a live page alone: it only becomes editable again", async () => {
    const reload = vi.spyOn(browserNavigation, "reload").mockImplementation(() => {});
    const fetchMock = vi.fn(async () => new Response("ok"));
    vi.stubGlobal("fetch", fetchMock);
    render(<OfflineBanner isOffline={false} />);
    act(() => window.dispatchEvent(new Event("online")));
    await act(() => vi.advanceTimersByTimeAsync(KEPT_PAGE_FIRST_RETRY_MS * 4));
    expect(fetchMock).not.toHaveBeenCalled();
    expect(reload).not.toHaveBeenCalled();
  });
});
