import { act, render, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readUserItem, setStorageUser, userItemText } from "../../../lib/user-storage.ts";
import { CLEARED_TEXT, WELCOME_TEXT } from "../lib/chat-messages.ts";
import { AIContextProvider, useAIContext } from "./ai-context.tsx";

const wrapper = ({ children }: { children: ReactNode }) => <AIContextProvider>{children}</AIContextProvider>;
const message = (id: string, role: "user" | "assistant", content: string) => ({
  id,
  role,
  content,
  timestamp: new Date("2026-01-05T09:30:00Z"),
});

beforeEach(() => {
  localStorage.clear();
  setStorageUser("u1");
});
afterEach(() => {
  setStorageUser(null);
  vi.restoreAllMocks();
});

describe("AIContextProvider", () => {
  it("starts closed with the welcome message, openai and no dot", () => {
    const { result } = renderHook(useAIContext, { wrapper });
    expect(result.current.isOpen).toBe(false);
    expect(result.current.hasNotification).toBe(false);
    expect(result.current.provider).toBe("openai");
    expect(result.current.sizeMode).toBe("expanded");
    expect(result.current.messages.map((entry) => entry.content)).toEqual([WELCOME_TEXT]);
    expect(WELCOME_TEXT.startsWith("Hi! I'm your AI planning assistant...")).toBe(true);
  });

  it("stores messages, the open state and the provider under the spec's keys, and restores them with dates", () => {
    const first = renderHook(useAIContext, { wrapper });
    act(() => first.result.current.addMessage(message("m1", "user", "Plan my day")));
    act(() => first.result.current.open());
    act(() => first.result.current.setProvider("gemini"));
    const stored = JSON.parse(readUserItem("ai-chat-messages") ?? "[]") as { timestamp: string }[];
    expect(stored).toHaveLength(2);
    expect(stored[1]?.timestamp).toBe("2026-01-05T09:30:00.000Z");
    expect(readUserItem("ai-chat-open")).toBe("true");
    expect(readUserItem("ai-chat-provider")).toBe("gemini");
    first.unmount();

    const second = renderHook(useAIContext, { wrapper });
    expect(second.result.current.isOpen).toBe(true);
    expect(second.result.current.provider).toBe("gemini");
    const restored = second.result.current.messages[1];
    expect(restored?.content).toBe("Plan my day");
    expect(restored?.timestamp).toBeInstanceOf(Date);
    expect(restored?.timestamp.toISOString()).toBe("2026-01-05T09:30:00.000Z");
  });

  it("lights the dot for a reply while closed, clears it on open, and resets size and settings on close", () => {
    const { result } = renderHook(useAIContext, { wrapper });
    act(() => result.current.addMessage(message("a1", "assistant", "Hello")));
    expect(result.current.hasNotification).toBe(true);
    act(() => result.current.open());
    expect(result.current.hasNotification).toBe(false);
    act(() => {
      result.current.setSizeMode("fullscreen");
      result.current.setSettingsOpen(true);
    });
    act(() => result.current.addMessage(message("a2", "assistant", "While open")));
    expect(result.current.hasNotification).toBe(false);
    act(() => result.current.close());
    expect(result.current.sizeMode).toBe("expanded");
    expect(result.current.isSettingsOpen).toBe(false);
    expect(readUserItem("ai-chat-open")).toBe("false");
  });

  it("clears to the cleared message and removes the stored copy", () => {
    const { result } = renderHook(useAIContext, { wrapper });
    act(() => result.current.addMessage(message("m1", "user", "Hi")));
    expect(readUserItem("ai-chat-messages")).not.toBeNull();
    act(() => result.current.clearMessages());
    expect(result.current.messages.map((entry) => entry.content)).toEqual([CLEARED_TEXT]);
    expect(localStorage.getItem("ai-chat-messages")).toBeNull();
  });

  it("restores nothing another user stored on this browser", () => {
    localStorage.setItem("ai-chat-messages", userItemText("u2", JSON.stringify([message("m1", "user", "My secret plan")])));
    localStorage.setItem("ai-chat-open", userItemText("u2", "true"));
    localStorage.setItem("ai-chat-provider", userItemText("u2", "gemini"));
    const { result } = renderHook(useAIContext, { wrapper });
    expect(result.current.messages.map((entry) => entry.content)).toEqual([WELCOME_TEXT]);
    expect(result.current.isOpen).toBe(false);
    expect(result.current.provider).toBe("openai");
  });

  it("only logs storage failures, with the spec's texts", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    localStorage.setItem("ai-chat-messages", userItemText("u1", "{not json"));
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("quota");
    });
    const { result } = renderHook(useAIContext, { wrapper });
    expect(result.current.messages.map((entry) => entry.content)).toEqual([WELCOME_TEXT]);
    act(() => result.current.addMessage(message("m1", "user", "Hi")));
    act(() => result.current.open());
    act(() => result.current.setProvider("claude"));
    const texts = error.mock.calls.map(([text]) => text as string);
    expect(texts).toEqual(["failed to load messages", "failed to save messages", "failed to save open state", "failed to save provider"]);
    expect(result.current.provider).toBe("claude");
  });

  it("throws outside its provider", () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    function Orphan() {
      useAIContext();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow("useAIContext must be used within an AIContextProvider");
  });
});
