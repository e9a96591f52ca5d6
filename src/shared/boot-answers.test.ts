import { describe, expect, it } from "vitest";
import { serializeBootAnswers, signedInBootPaths } from "./boot-answers.ts";

const now = new Date("2026-11-24T23:30:00Z");
const paths = (pathname: string, search = "", timeZone: string | null = "Europe/Paris") =>
  signedInBootPaths(pathname, new URLSearchParams(search), timeZone, now);

describe("signedInBootPaths", () => {
  it("asks for the board's day in the user's zone, or the day in the address", () => {
    // 23:30 UTC is already the 25th in Paris.
    expect(paths("/")).toContain("/api/tasks?date=2026-11-25");
    expect(paths("/", "", "America/New_York")).toContain("/api/tasks?date=2026-11-24");
    expect(paths("/", "date=2027-01-31")).toEqual(
      expect.arrayContaining(["/api/tasks?date=2027-01-31", "/api/tasks/stats?date=2027-01-31", "/api/ai/insights?date=2027-01-31"]),
    );
    expect(paths("/", "date=2027-02-31")).toContain("/api/tasks?date=2026-11-25");
    // /ai-chat shows the board of today, whatever its address says.
    expect(paths("/ai-chat", "date=2027-01-31")).toContain("/api/tasks?date=2026-11-25");
  });

  it("leaves the day's calls to the browser when the user has no saved zone", () => {
    expect(paths("/", "", null)).toEqual(["/api/tasks/stalled", "/api/goals"]);
  });

  it("lists each page's own first calls, with the navigation's stalled count and the goals", () => {
    expect(paths("/goals")).toEqual(["/api/tasks/stalled", "/api/goals"]);
    expect(paths("/goals/")).toEqual(["/api/tasks/stalled", "/api/goals"]);
    expect(paths("/insights")).toEqual(["/api/weekly-summaries?limit=4", "/api/tasks/stalled", "/api/goals"]);
    expect(paths("/settings")).toEqual(["/api/ai/providers", "/api/tasks/stalled", "/api/goals"]);
  });
});

describe("serializeBootAnswers", () => {
  it("writes JSON no value can end the element with", () => {
    const text = serializeBootAnswers({ "/api/goals": { status: 200, body: [{ title: "</script><script>alert(1)</script> <!--" }] } });
    expect(text).not.toContain("<");
    expect(JSON.parse(text)).toEqual({ "/api/goals": { status: 200, body: [{ title: "</script><script>alert(1)</script> <!--" }] } });
  });
});
