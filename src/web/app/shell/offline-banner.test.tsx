import { act, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { browserNavigation } from "../../lib/api-client.ts";
import { KEPT_PAGE_SELECTOR } from "../../lib/online.ts";
import { sendWrite } from "../../lib/outbox/index.ts";
import { stubIndexedDb } from "../../lib/outbox/test-indexeddb.ts";
import { setStorageUser } from "../../lib/user-storage.ts";
import { jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { KEPT_PAGE_FIRST_RETRY_MS, OFFLINE_MESSAGE, OfflineBanner, waitingMessage } from "./offline-banner.tsx";

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

describe("OfflineBanner's count of changes waiting (decision 043)", () => {
  beforeEach(() => {
    stubIndexedDb();
    setStorageUser("user-1");
  });
  afterEach(() => {
    setStorageUser(null);
    browserOnline = true;
  });

  it("says how many changes wait offline, in the polite live region, and says it online until they are sent", async () => {
    browserOnline = false;
    const answers: (() => void)[] = [];
    mockFetch(() => new Promise<Response>((resolve) => answers.push(() => resolve(jsonResponse({ ok: true })))));
    const { rerender } = render(<OfflineBanner isOffline />);
    const status = screen.getByRole("status");
    const written = [
      sendWrite({ method: "PATCH", path: "/api/tasks/1", json: { title: "A" }, label: "Rename A" }),
      sendWrite({ method: "PATCH", path: "/api/tasks/2", json: { title: "B" }, label: "Rename B" }),
    ];
    await waitFor(() => expect(status).toHaveTextContent(waitingMessage(2)));
    expect(status).toHaveTextContent(OFFLINE_MESSAGE);
    expect(waitingMessage(1)).toBe("1 change waiting to sync");
    expect(waitingMessage(3)).toBe("3 changes waiting to sync");

    browserOnline = true;
    rerender(<OfflineBanner isOffline={false} />);
    act(() => window.dispatchEvent(new Event("online")));
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(status).toHaveTextContent("2 changes waiting to sync");
    expect(status).not.toHaveTextContent(OFFLINE_MESSAGE);
    answers[0]!();
    await waitFor(() => expect(status).toHaveTextContent("1 change waiting to sync"));
    await waitFor(() => expect(answers).toHaveLength(2));
    answers[1]!();
    await Promise.all(written);
    await waitFor(() => expect(status).toBeEmptyDOMElement());
  });
});
