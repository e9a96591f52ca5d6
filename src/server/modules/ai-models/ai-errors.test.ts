import { describe, expect, it } from "vitest";
import { parseRetryAfter } from "./ai-errors.ts";

describe("parseRetryAfter", () => {
  const now = new Date("2026-05-04T15:00:00.000Z");
  it("reads seconds and HTTP dates", () => {
    expect(parseRetryAfter("7", now)).toBe(7);
    expect(parseRetryAfter("Mon, 04 May 2026 15:00:30 GMT", now)).toBe(30);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter("soon", now)).toBeUndefined();
  });
});
