import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { dependentsOf, dependentsOfAll, queryPrefixes, refreshDependents } from "./query-dependents.ts";

describe("dependentsOf", () => {
  it("says what a task change refreshes: the tasks, goal progress, the insights and the day summaries", () => {
    expect(dependentsOf("tasks")).toEqual([["tasks"], ["goals"], ["insights"], ["rollover", "summary"]]);
    expect(dependentsOf("goals")).toEqual([["goals"], ["tasks"]]);
    expect(dependentsOf("calendar")).toEqual([["calendar"]]);
  });

  it("refreshes everything for a user change or a gap", () => {
    const everything = [["session", "user"], ["tasks"], ["goals"], ["insights"], ["rollover"], ["calendar"]];
    expect(dependentsOf("all")).toEqual(everything);
    expect(dependentsOf("user")).toEqual(everything);
  });
});

describe("dependentsOfAll", () => {
  it("names each prefix once and leaves out those a shorter one covers", () => {
    expect(dependentsOfAll(["tasks", "rollover"])).toEqual([["tasks"], ["goals"], ["insights"], ["rollover"]]);
    expect(dependentsOfAll(["goals", "tasks"])).toEqual([["goals"], ["tasks"], ["insights"], ["rollover", "summary"]]);
    expect(dependentsOfAll([])).toEqual([]);
  });
});

describe("refreshDependents", () => {
  it("invalidates the cached queries under each dependent prefix and leaves the rest", async () => {
    const client = new QueryClient();
    client.setQueryData([...queryPrefixes.tasks, "day", "2026-12-04"], []);
    client.setQueryData([...queryPrefixes.insights, "daily", "2026-12-04"], { insights: [], viewed: false });
    client.setQueryData([...queryPrefixes.calendar, "subscriptions"], []);
    await refreshDependents(client, ["tasks"]);
    const isStale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect(isStale(["tasks", "day", "2026-12-04"])).toBe(true);
    expect(isStale(["insights", "daily", "2026-12-04"])).toBe(true);
    expect(isStale(["calendar", "subscriptions"])).toBe(false);
  });
});
