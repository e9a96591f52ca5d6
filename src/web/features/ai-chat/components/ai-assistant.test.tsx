import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderChat } from "../test/chat-test-utils.tsx";
import { AiAssistant, FIRST_VISIT_TOOLTIP_TEXT } from "./ai-assistant.tsx";

beforeEach(() => {
  localStorage.clear();
  mockFetch(() => jsonResponse([]));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe("AiAssistant", () => {
  it("shows the first-visit tooltip 2 s after load for 5 s, then stores the seen flag", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderChat(<AiAssistant />);
    expect(screen.getByRole("button", { name: "AI Assistant" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1_900));
    expect(screen.queryByText(FIRST_VISIT_TOOLTIP_TEXT)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText(FIRST_VISIT_TOOLTIP_TEXT)).toBeInTheDocument();
    expect(localStorage.getItem("ai-assistant-tooltip-seen")).toBeNull();
    act(() => vi.advanceTimersByTime(5_000));
    expect(screen.queryByText(FIRST_VISIT_TOOLTIP_TEXT)).not.toBeInTheDocument();
    expect(localStorage.getItem("ai-assistant-tooltip-seen")).toBe("true");
  });

  it("is not shown over a control, and is offered again on the next load", () => {
    // Every box at the same place: the tooltip would lie on the page's Add Task.
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue(new DOMRect(0, 0, 100, 40));
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    renderChat(
      <>
        <button type="button">Add Task</button>
        <AiAssistant />
      </>,
    );
    act(() => vi.advanceTimersByTime(2_100));
    expect(screen.queryByText(FIRST_VISIT_TOOLTIP_TEXT)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(5_000));
    expect(localStorage.getItem("ai-assistant-tooltip-seen")).toBeNull();
  });

  it("does not show it once seen", () => {
    localStorage.setItem("ai-assistant-tooltip-seen", "true");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    renderChat(<AiAssistant />);
    act(() => vi.advanceTimersByTime(8_000));
    expect(screen.queryByText(FIRST_VISIT_TOOLTIP_TEXT)).not.toBeInTheDocument();
  });
});
