import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageData } from "../../../lib/api-client.ts";
import { dropBootAnswers } from "../../../lib/boot-answers.ts";
import { clientId } from "../../../lib/client-id.ts";
import { startLiveUpdates } from "./live-listener.ts";

vi.mock("../../../lib/boot-answers.ts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  dropBootAnswers: vi.fn(),
}));

class FakeEventSource extends EventTarget {
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    super();
    FakeEventSource.opened.push(this);
  }
  change(version: number, kinds: string[], writer?: { clientId: string; seq: number }) {
    this.dispatchEvent(new MessageEvent("change", { data: JSON.stringify({ version, kinds, ...writer }) }));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

describe("the live listener", () => {
  let queryClient: QueryClient;
  let refetched: unknown[][];
  let stop: () => void;

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("EventSource", FakeEventSource);
    FakeEventSource.opened = [];
    queryClient = new QueryClient();
    refetched = [];
    vi.spyOn(queryClient, "invalidateQueries").mockImplementation(async (filters) => {
      refetched.push([...(filters?.queryKey ?? [])]);
    });
    stop = startLiveUpdates(queryClient);
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  const stream = () => FakeEventSource.opened.at(-1)!;

  it("refetches the queries of what another device changed", async () => {
    stream().change(4, ["goals"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched).toEqual([["goals"], ["tasks"]]);
    // A query mounted later fetches instead of taking the page's older boot answer.
    expect(dropBootAnswers).toHaveBeenCalled();
  });

  it("skips the events of this tab's own writes, named by its client id, and refetches another tab's", async () => {
    stream().change(7, ["tasks"], { clientId, seq: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched).toEqual([]);
    stream().change(8, ["calendar"], { clientId: "another-tab", seq: 3 });
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched).toEqual([["calendar"]]);
  });

  it("refetches only what others changed when one batch holds this tab's events too", async () => {
    stream().change(7, ["tasks"], { clientId, seq: 4 });
    stream().change(8, ["goals"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched).toEqual([["goals"], ["tasks"]]);
  });

  it("waits while a write of this tab is in flight", async () => {
    const isMutating = vi.spyOn(queryClient, "isMutating").mockReturnValue(1);
    stream().change(5, ["insights"]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(refetched).toEqual([]);
    isMutating.mockReturnValue(0);
    await vi.advanceTimersByTimeAsync(300);
    expect(refetched).toEqual([["insights"]]);
  });

  it("opens from the page's first read, so a change made before it opened is heard", () => {
    stop();
    pageData.firstVersion = 12;
    stop = startLiveUpdates(queryClient);
    pageData.firstVersion = undefined;
    expect(stream().url).toBe("/api/events?since=12");
  });

  it("reopens a refused stream from the last version it heard, and refetches on focus meanwhile", async () => {
    stream().change(3, ["insights"]);
    const refused = stream();
    refused.readyState = FakeEventSource.CLOSED;
    refused.onerror?.();
    window.dispatchEvent(new Event("focus"));
    expect(refetched).toContainEqual(["tasks"]);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(null, { status: 204 })),
    );
    await vi.advanceTimersByTimeAsync(1_000);
    expect(stream()).not.toBe(refused);
    expect(stream().url).toBe("/api/events?since=3");
  });
});
