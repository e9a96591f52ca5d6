import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readUserItem, setStorageUser, userItemText, writeUserItem } from "../../../lib/user-storage.ts";
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  NOTIFICATION_PREFERENCES_KEY,
  parsePreferences,
  readPreferences,
  setPreference,
  subscribePreferences,
} from "./notification-preferences.ts";

beforeEach(() => setStorageUser("u1"));
afterEach(() => localStorage.clear());

describe("notification preferences", () => {
  it("defaults to the spec's: stalled, goal deadlines and celebrations on; the rest off", () => {
    expect(readPreferences()).toEqual({
      stalledTasks: true,
      dailyInsights: false,
      goalDeadlines: true,
      procrastinationAlerts: false,
      completionCelebrations: true,
      browserNotifications: false,
    });
  });

  it("reads each stored boolean and the default for anything missing or wrong", () => {
    expect(parsePreferences("not json")).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(parsePreferences("null")).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ stalledTasks: false, dailyInsights: "yes", extra: true }))).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      stalledTasks: false,
    });
  });

  it("saves a toggle at once, all six in the one key, and tells its listeners", () => {
    const listener = vi.fn();
    const unsubscribe = subscribePreferences(listener);
    setPreference("dailyInsights", true);
    expect(JSON.parse(readUserItem(NOTIFICATION_PREFERENCES_KEY) ?? "")).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      dailyInsights: true,
    });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readPreferences()).toBe(readPreferences());
    unsubscribe();
  });

  it("reads another user's preferences on this browser as the defaults", () => {
    localStorage.setItem(NOTIFICATION_PREFERENCES_KEY, userItemText("u2", JSON.stringify({ stalledTasks: false, dailyInsights: true })));
    expect(readPreferences()).toEqual(DEFAULT_NOTIFICATION_PREFERENCES);
  });

  it("hears a change made in another tab (the storage event)", () => {
    const listener = vi.fn();
    const unsubscribe = subscribePreferences(listener);
    writeUserItem(NOTIFICATION_PREFERENCES_KEY, JSON.stringify({ stalledTasks: false }));
    window.dispatchEvent(new StorageEvent("storage", { key: NOTIFICATION_PREFERENCES_KEY }));
    window.dispatchEvent(new StorageEvent("storage", { key: "something-else" }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(readPreferences().stalledTasks).toBe(false);
    unsubscribe();
  });
});
