import { describe, expect, it } from "vitest";
import { progressBand } from "./progress.ts";

describe("progressBand at every boundary", () => {
  it.each([
    [0, "low"],
    [24, "low"],
    [24.99, "low"],
    [25, "started"],
    [49, "started"],
    [49.99, "started"],
    [50, "halfway"],
    [79, "halfway"],
    [79.99, "halfway"],
    [80, "strong"],
    [100, "strong"],
  ] as const)("%d%% -> %s", (percent, band) => expect(progressBand(percent)).toBe(band));
});
