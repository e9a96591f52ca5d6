import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { KEPT_PAGE_SELECTOR, isInReadOnlyArea, isKeptPage, isOffline, keptBoardDay, useOnline } from "./online.ts";

let browserOnline = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => browserOnline });

function goOffline(offline: boolean) {
  browserOnline = !offline;
  window.dispatchEvent(new Event(offline ? "offline" : "online"));
}

afterEach(() => {
  browserOnline = true;
  document.head.querySelector(KEPT_PAGE_SELECTOR)?.remove();
});

function OnlineState() {
  return <p>{useOnline() ? "online" : "offline"}</p>;
}

describe("online state (decision 018)", () => {
  it("follows the browser's online and offline events", () => {
    render(<OnlineState />);
    expect(screen.getByText("online")).toBeInTheDocument();
    act(() => goOffline(true));
    expect(screen.getByText("offline")).toBeInTheDocument();
    expect(isOffline()).toBe(true);
    act(() => goOffline(false));
    expect(screen.getByText("online")).toBeInTheDocument();
  });

  it("counts a page the service worker served from its kept copy as offline, even with a network", () => {
    expect(isKeptPage()).toBe(false);
    expect(keptBoardDay()).toBeNull();
    const marker = document.createElement("meta");
    marker.name = "daywise-kept-page";
    marker.content = "2026-11-24T10:00:00.000Z";
    document.head.append(marker);
    expect(isKeptPage()).toBe(true);
    expect(isOffline()).toBe(true);
    // A copy without a board's day (signed out, or no saved zone) leaves the day to the page.
    expect(keptBoardDay()).toBeNull();
    marker.dataset.day = "2026-11-24";
    expect(keptBoardDay()).toBe("2026-11-24");
    marker.dataset.day = "2026-13-40";
    expect(keptBoardDay()).toBeNull();
    render(<OnlineState />);
    expect(screen.getByText("offline")).toBeInTheDocument();
  });

  it("tells elements inside a disabled fieldset (the read-only pages) from the others", () => {
    render(
      <>
        <fieldset disabled>
          <p>inside</p>
        </fieldset>
        <fieldset>
          <p>enabled</p>
        </fieldset>
        <p>outside</p>
      </>,
    );
    expect(isInReadOnlyArea(screen.getByText("inside"))).toBe(true);
    expect(isInReadOnlyArea(screen.getByText("enabled"))).toBe(false);
    expect(isInReadOnlyArea(screen.getByText("outside"))).toBe(false);
    expect(isInReadOnlyArea(null)).toBe(false);
  });
});
