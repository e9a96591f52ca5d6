import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  clearUserStorage,
  getStorageUser,
  parseUserItem,
  readUserItem,
  removeUserItem,
  setStorageUser,
  subscribeStorageUser,
  userItemText,
  writeUserItem,
} from "./user-storage.ts";

beforeEach(() => localStorage.clear());
afterEach(() => setStorageUser(null));

describe("user-bound storage", () => {
  it("keeps each value with the user it was written for", () => {
    setStorageUser("a");
    writeUserItem("ai-chat-messages", "[1]");
    expect(parseUserItem(localStorage.getItem("ai-chat-messages"))).toEqual({ userId: "a", value: "[1]" });
    expect(readUserItem("ai-chat-messages")).toBe("[1]");
  });

  it("never reads another user's value, and keeps it for them", () => {
    localStorage.setItem("ai-chat-messages", userItemText("a", "[1]"));
    setStorageUser("b");
    expect(readUserItem("ai-chat-messages")).toBeNull();
    setStorageUser("a");
    expect(readUserItem("ai-chat-messages")).toBe("[1]");
  });

  it("reads and writes nothing while the user is unknown", () => {
    localStorage.setItem("ai-chat-open", userItemText("a", "true"));
    expect(readUserItem("ai-chat-open")).toBeNull();
    writeUserItem("ai-chat-provider", "gemini");
    expect(localStorage.getItem("ai-chat-provider")).toBeNull();
  });

  it("removes a value written without an owner instead of reading it", () => {
    localStorage.setItem("ai-chat-messages", JSON.stringify([{ role: "user", content: "My secret plan" }]));
    localStorage.setItem("ai-chat-open", "true");
    setStorageUser("b");
    expect(readUserItem("ai-chat-messages")).toBeNull();
    expect(readUserItem("ai-chat-open")).toBeNull();
    expect(localStorage.length).toBe(0);
  });

  it("removes one value, whoever's", () => {
    localStorage.setItem("ai-chat-messages", userItemText("a", "[1]"));
    removeUserItem("ai-chat-messages");
    expect(localStorage.getItem("ai-chat-messages")).toBeNull();
  });

  it("at logout removes every user's values, keeps the device's, and stores nothing more", () => {
    setStorageUser("a");
    writeUserItem("ai-chat-messages", "[1]");
    writeUserItem("daywise:notified:stall:t1", "1700000000000");
    localStorage.setItem("daywise:notification-preferences", userItemText("b", "{}"));
    localStorage.setItem("daywise:theme", "dark");
    localStorage.setItem("ai-assistant-tooltip-seen", "true");
    localStorage.setItem("daywise:last-sign-in-provider", "local");

    clearUserStorage();
    expect(Object.keys(localStorage).sort()).toEqual(["ai-assistant-tooltip-seen", "daywise:last-sign-in-provider", "daywise:theme"]);
    writeUserItem("ai-chat-open", "true");
    expect(localStorage.getItem("ai-chat-open")).toBeNull();
  });

  it("tells its listeners when the signed-in user changes, logout included", () => {
    const seen: (string | null)[] = [];
    const unsubscribe = subscribeStorageUser(() => seen.push(getStorageUser()));
    setStorageUser("user-1");
    setStorageUser("user-1");
    setStorageUser("user-2");
    clearUserStorage();
    unsubscribe();
    setStorageUser("user-3");
    expect(seen).toEqual(["user-1", "user-2", null]);
  });

  it("reads only texts it wrote as values", () => {
    expect(parseUserItem(null)).toBeNull();
    expect(parseUserItem("dark")).toBeNull();
    expect(parseUserItem("1700000000000")).toBeNull();
    expect(parseUserItem(JSON.stringify({ userId: "a", value: 3 }))).toBeNull();
    expect(parseUserItem(JSON.stringify({ userId: "a", value: "3" }))).toEqual({ userId: "a", value: "3" });
  });
});
