import { renderHook, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdIdleWork, useIsIdle, whenIdle } from "./when-idle.ts";

describe("whenIdle", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(async () => {
    // Whatever a test left queued runs out before the next test.
    await vi.advanceTimersByTimeAsync(60_000);
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("runs a page's idle work one job at a time, in order, each once the one before has settled", async () => {
    const order: string[] = [];
    let finishFirst = () => {};
    whenIdle(() => {
      order.push("first starts");
      return new Promise<void>((resolve) => {
        finishFirst = () => {
          order.push("first ends");
          resolve();
        };
      });
    });
    whenIdle(() => {
      order.push("second");
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(["first starts"]);
    finishFirst();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(["first starts", "first ends", "second"]);
  });

  it("holds the work queued while the first screen is prepared until it is released", async () => {
    const order: string[] = [];
    const release = holdIdleWork();
    whenIdle(() => order.push("menus"));
    whenIdle(() => order.push("pages"));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(order).toEqual([]);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(order).toEqual(["menus", "pages"]);
  });

  it("skips a cancelled job; one that throws, fails or hangs does not hold the others back for long", async () => {
    const order: string[] = [];
    const cancel = whenIdle(() => order.push("cancelled"));
    whenIdle(() => {
      throw new Error("boom");
    });
    whenIdle(() => Promise.reject(new Error("no network")));
    whenIdle(() => new Promise(() => {}));
    whenIdle(() => order.push("last"));
    cancel();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(order).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(order).toEqual(["last"]);
  });
});

describe("useIsIdle", () => {
  it("turns true once its turn has come and its code is in", async () => {
    let finishLoad = () => {};
    const preload = vi.fn(() => new Promise<void>((resolve) => (finishLoad = resolve)));
    const { result } = renderHook(() => useIsIdle(preload));
    expect(result.current).toBe(false);
    // Its turn has come (the code is being loaded), yet it waits for the code.
    await waitFor(() => expect(preload).toHaveBeenCalled());
    expect(result.current).toBe(false);
    finishLoad();
    await waitFor(() => expect(result.current).toBe(true));
  });

  it("waits for the network when its code could not be loaded, instead of rendering what would throw", async () => {
    const preload = vi
      .fn()
      .mockRejectedValueOnce(new TypeError("Failed to fetch dynamically imported module"))
      .mockResolvedValue(undefined);
    const { result } = renderHook(() => useIsIdle(preload));
    await waitFor(() => expect(preload).toHaveBeenCalledTimes(1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(result.current).toBe(false);
    window.dispatchEvent(new Event("online"));
    await waitFor(() => expect(result.current).toBe(true));
    expect(preload).toHaveBeenCalledTimes(2);
  });
});
