import { describe, expect, it } from "vitest";
import { readViewedDateParam, rejectedDateToast, viewableRange } from "./viewed-date.ts";

const today = "2026-11-24";

describe("readViewedDateParam", () => {
  it("is null without the parameter", () => {
    expect(readViewedDateParam(null, today)).toBeNull();
  });

  it("accepts real days within ten years of today, both ends included", () => {
    for (const day of ["2026-11-24", "2026-02-28", "2016-11-24", "2036-11-24", "2024-02-29"]) {
      expect(readViewedDateParam(day, today)).toEqual({ date: day });
    }
  });

  it("rejects what is not a calendar day", () => {
    for (const value of ["2026-02-30", "garbage", "", "2026-13-01", "2026-1-5", "2026-11-24T00:00"]) {
      expect(readViewedDateParam(value, today)).toEqual({ rejected: value });
    }
  });

  it("rejects days further than ten years away", () => {
    for (const value of ["9999-12-31", "2036-11-25", "2016-11-23", "1000-01-01"]) {
      expect(readViewedDateParam(value, today)).toEqual({ rejected: value });
    }
  });

  it("keeps the range on a real day from Feb 29", () => {
    expect(viewableRange("2028-02-29")).toEqual({ first: "2018-02-28", last: "2038-02-28" });
  });
});

describe("rejectedDateToast", () => {
  it("names the rejected value, shortened when long", () => {
    expect(rejectedDateToast("2026-02-30").description).toContain('"2026-02-30"');
    expect(rejectedDateToast("x".repeat(300)).description.length).toBeLessThan(160);
  });
});
