import { describe, expect, it } from "vitest";
import { insightKey, insightNotification, newHighPriorityInsights } from "./daily-insights.ts";

const today = "2026-11-24";
const high = { type: "warning", title: "Three tasks stalled", description: "Resume one.", priority: "high" };
const medium = { type: "suggestion", title: "Schedule the big one", description: "", priority: "medium" };

describe("newHighPriorityInsights", () => {
  it("keeps today's high-priority insights never notified", () => {
    expect(newHighPriorityInsights([medium, high], { date: today, today, wasNotified: () => false })).toEqual([high]);
  });

  it("leaves out the ones notified before, duplicates, and other days", () => {
    const key = insightKey(today, high);
    expect(newHighPriorityInsights([high], { date: today, today, wasNotified: (k) => k === key })).toEqual([]);
    expect(newHighPriorityInsights([high, { ...high }], { date: today, today, wasNotified: () => false })).toHaveLength(1);
    expect(newHighPriorityInsights([high], { date: "2026-11-23", today, wasNotified: () => false })).toEqual([]);
  });

  it("names an insight by its day, type and title", () => {
    expect(insightKey(today, high)).toBe(insightKey(today, { ...high, description: "Other words" }));
    expect(insightKey(today, high)).not.toBe(insightKey("2026-11-25", high));
    expect(insightKey(today, high)).not.toBe(insightKey(today, { ...high, title: "Four tasks stalled" }));
  });

  it("opens the Insights page", () => {
    expect(insightNotification(high, today)).toMatchObject({
      title: "New Insight",
      body: "\u2068Three tasks stalled\u2069: Resume one.",
      path: "/insights",
    });
  });
});
