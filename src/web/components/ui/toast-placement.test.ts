import { describe, expect, it } from "vitest";
import { placeToasts } from "./toast-placement.ts";

describe("placeToasts", () => {
  it("keeps the usual corner without a modal dialog", () => {
    expect(placeToasts({ width: 375, height: 667 }, null)).toEqual({ kind: "usual" });
  });

  it("goes beside a desktop dialog, above or below a phone's, and behind one that leaves no room (issue 56)", () => {
    // A max-w-lg dialog centred at 1366 px leaves 427 px on its right.
    expect(placeToasts({ width: 1366, height: 768 }, { top: 100, bottom: 668, right: 939 })).toEqual({ kind: "beside", width: 419 });
    // The phone's dialog sits 3rem below the middle: 7rem stay free above it.
    expect(placeToasts({ width: 375, height: 667 }, { top: 120, bottom: 651, right: 359 })).toEqual({ kind: "above", height: 112 });
    // The palette near the top of a phone: the room is below.
    expect(placeToasts({ width: 375, height: 667 }, { top: 100, bottom: 420, right: 359 })).toEqual({ kind: "below", height: 239 });
    expect(placeToasts({ width: 375, height: 667 }, { top: 16, bottom: 651, right: 359 })).toEqual({ kind: "behind" });
  });
});
