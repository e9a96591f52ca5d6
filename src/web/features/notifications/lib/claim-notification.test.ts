import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setStorageUser } from "../../../lib/user-storage.ts";
import { CLAIM_HOLD_MS, claimNotification } from "./claim-notification.ts";
import { readMarker } from "./notification-markers.ts";

/** Web Locks as two tabs share them: one holder per name; `ifAvailable` answers null while held. */
function fakeLocks() {
  const held = new Set<string>();
  return {
    async request(name: string, options: { ifAvailable?: boolean }, callback: (lock: object | null) => Promise<unknown>) {
      if (held.has(name)) return callback(null);
      held.add(name);
      try {
        return await callback({ name });
      } finally {
        held.delete(name);
      }
    },
  };
}

const stallRule = (now: number) => (marker: number | null) => marker === null || now - marker >= 60 * 60_000;

beforeEach(() => {
  setStorageUser("u1");
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-11-24T10:00:00.000Z"));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe("claimNotification", () => {
  it("without Web Locks, notifies once and keeps the marker", async () => {
    vi.stubGlobal("navigator", { ...navigator, locks: undefined });
    const onClaimed = vi.fn();
    const request = { key: "stall:t1", shouldNotify: stallRule(Date.now()), markerValue: Date.now(), onClaimed };
    expect(await claimNotification(request)).toBe(true);
    expect(await claimNotification(request)).toBe(false);
    expect(onClaimed).toHaveBeenCalledTimes(1);
    expect(readMarker("stall:t1")).toBe(Date.now());
  });

  it("lets one of two tabs that see the same event at once notify it", async () => {
    vi.stubGlobal("navigator", { ...navigator, locks: fakeLocks() });
    const tabA = vi.fn();
    const tabB = vi.fn();
    const now = Date.now();
    const first = claimNotification({ key: "stall:t1", shouldNotify: stallRule(now), markerValue: now, onClaimed: tabA });
    const second = claimNotification({ key: "stall:t1", shouldNotify: stallRule(now), markerValue: now, onClaimed: tabB });
    expect(await second).toBe(false);
    await vi.advanceTimersByTimeAsync(CLAIM_HOLD_MS);
    expect(await first).toBe(true);
    expect(tabA).toHaveBeenCalledTimes(1);
    expect(tabB).not.toHaveBeenCalled();

    // Within the hour, the marker keeps every tab quiet; an hour later one notifies again.
    const later = vi.fn();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(
      await claimNotification({ key: "stall:t1", shouldNotify: stallRule(Date.now()), markerValue: Date.now(), onClaimed: later }),
    ).toBe(false);
    vi.setSystemTime(now + 60 * 60_000);
    const again = claimNotification({ key: "stall:t1", shouldNotify: stallRule(Date.now()), markerValue: Date.now(), onClaimed: later });
    await vi.advanceTimersByTimeAsync(CLAIM_HOLD_MS);
    expect(await again).toBe(true);
    expect(later).toHaveBeenCalledTimes(1);
  });
});
