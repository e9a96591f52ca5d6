import { describe, expect, it } from "vitest";
import { queriesToRefetch } from "./change-families.ts";

describe("queriesToRefetch", () => {
  it("refetches the queries that show each changed kind, once each", () => {
    expect(queriesToRefetch([{ version: 3, kinds: ["goals"] }], new Set())).toEqual([["goals"], ["tasks"]]);
    expect(queriesToRefetch([{ version: 3, kinds: ["calendar"] }], new Set())).toEqual([["calendar"]]);
    expect(
      queriesToRefetch(
        [
          { version: 3, kinds: ["tasks"] },
          { version: 4, kinds: ["rollover"] },
        ],
        new Set(),
      ),
    ).toEqual([["tasks"], ["goals"], ["insights"], ["rollover"]]);
  });

  it("refetches everything after a gap, and nothing for the tab's own writes", () => {
    expect(queriesToRefetch([{ version: 9, kinds: ["all"] }], new Set())).toEqual([
      ["session", "user"],
      ["tasks"],
      ["goals"],
      ["insights"],
      ["rollover"],
      ["calendar"],
    ]);
    expect(queriesToRefetch([{ version: 5, kinds: ["tasks"] }], new Set([5]))).toEqual([]);
  });
});
