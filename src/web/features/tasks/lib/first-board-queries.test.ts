import { describe, expect, it } from "vitest";
import { firstBoardQueries } from "./first-board-queries.ts";

// 2026-11-24 23:30 in UTC is already the 25th in Tokyo.
const now = new Date("2026-11-24T23:30:00Z");

describe("firstBoardQueries", () => {
  it("asks for the user's today in the user's zone when the address names no day", () => {
    expect(firstBoardQueries("", "Asia/Tokyo", now).map((query) => query.path)).toEqual([
      "/api/tasks?date=2026-11-25",
      "/api/tasks/stats?date=2026-11-25",
      "/api/tasks/stalled",
    ]);
    expect(firstBoardQueries("", "UTC", now)[0]!.path).toBe("/api/tasks?date=2026-11-24");
  });

  it("asks for the day in the address, and for today when the address's day cannot be shown", () => {
    expect(firstBoardQueries("?date=2026-12-03", "UTC", now)[0]!.path).toBe("/api/tasks?date=2026-12-03");
    expect(firstBoardQueries("?date=2026-02-30", "UTC", now)[0]!.path).toBe("/api/tasks?date=2026-11-24");
  });
});
