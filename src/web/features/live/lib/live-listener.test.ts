import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { pageData } from "../../../lib/api-client.ts";
import { dropBootAnswers } from "../../../lib/boot-answers.ts";
import { clientId } from "../../../lib/client-id.ts";
import { forgetDeletedAccount } from "./account-deleted.ts";
import { REFETCH_GAP_MS, startLiveUpdates } from "./live-listener.ts";

vi.mock("../../../lib/boot-answers.ts", async (importOriginal) => ({
  ...(await importOriginal<object>()),
  dropBootAnswers: vi.fn(),
}));

vi.mock("./account-deleted.ts", () => ({ forgetDeletedAccount: vi.fn(async () => undefined) }));

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

  it("coalesces a burst: one round in flight, one trailing, rounds at least a second apart", async () => {
    // Each round's refetch answers after 300 ms, as a day read carrying thousands of tasks might.
    let inFlight = 0;
    let mostInFlight = 0;
    vi.mocked(queryClient.invalidateQueries).mockImplementation(async (filters) => {
      refetched.push([...(filters?.queryKey ?? [])]);
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight -= 1;
    });
    // 3,500 writes from another client in 9 s, one event every 2.5 ms or so.
    for (let version = 1; version <= 3_500; version += 1) {
      stream().change(version, ["tasks"], { clientId: "a-sync-tool", seq: version });
      if (version % 4 === 0) await vi.advanceTimersByTimeAsync(10);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    const taskRounds = refetched.filter((key) => key[0] === "tasks").length;
    // One round at the first event, then one a second at most over the ~9 s, and one trailing.
    expect(taskRounds).toBeGreaterThanOrEqual(2);
    expect(taskRounds).toBeLessThanOrEqual(Math.ceil(8_750 / REFETCH_GAP_MS) + 2);
    // A round's queries (tasks, goals, insights, day summaries) are the only ones in flight.
    expect(mostInFlight).toBeLessThanOrEqual(4);
  });

  it("waits for a slow round before the trailing one, which still carries the last change", async () => {
    const answers: Array<() => void> = [];
    vi.mocked(queryClient.invalidateQueries).mockImplementation((filters) => {
      refetched.push([...(filters?.queryKey ?? [])]);
      return new Promise<void>((resolve) => answers.push(resolve));
    });
    stream().change(1, ["calendar"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched).toEqual([["calendar"]]);
    stream().change(2, ["calendar"]);
    stream().change(3, ["goals"]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(refetched).toEqual([["calendar"]]);
    answers.shift()!();
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched.slice(1)).toEqual(expect.arrayContaining([["calendar"], ["goals"], ["tasks"]]));
    expect(refetched).toHaveLength(4);
    // Quiet again for a second: the next event refetches at once.
    answers.splice(0).forEach((answer) => answer());
    await vi.advanceTimersByTimeAsync(REFETCH_GAP_MS);
    stream().change(4, ["insights"]);
    await vi.advanceTimersByTimeAsync(0);
    expect(refetched.at(-1)).toEqual(["insights"]);
  });

  it("on the account's deletion elsewhere: closes the stream, forgets the account and refetches nothing more", async () => {
    const deleted = stream();
    deleted.dispatchEvent(new MessageEvent("account-deleted", { data: "{}" }));
    expect(forgetDeletedAccount).toHaveBeenCalledWith(queryClient);
    expect(deleted.readyState).toBe(FakeEventSource.CLOSED);
    deleted.change(9, ["tasks"]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(refetched).toEqual([]);
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
