import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DataControlActions } from "../features/data-control/components/data-control-actions.tsx";
import { ImportPanel } from "../features/data-control/components/import-panel.tsx";
import { GoalCard } from "../features/goals/components/goal-card.tsx";
import { makeGoal } from "../features/goals/test/goal-fixtures.ts";
import { NEEDS_CONNECTION_MESSAGE } from "../lib/online.ts";
import { jsonResponse, mockFetch } from "../test/mock-fetch.ts";
import { renderWithApp } from "../test/render.tsx";

let browserOnline = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => browserOnline });

function goOnline(online: boolean) {
  act(() => {
    browserOnline = online;
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

beforeEach(() => {
  mockFetch(() => jsonResponse(null));
});

afterEach(() => {
  browserOnline = true;
  vi.unstubAllGlobals();
});

describe("what cannot wait offline says so where it is (decision 043)", () => {
  it("disables account deletion offline with the reason as its description, and enables it again online", () => {
    browserOnline = false;
    renderWithApp(<DataControlActions />);
    const button = screen.getByRole("button", { name: "Delete my account" });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(NEEDS_CONNECTION_MESSAGE);
    goOnline(true);
    expect(button).toBeEnabled();
    expect(screen.queryByText(NEEDS_CONNECTION_MESSAGE)).toBeNull();
  });

  it("disables a goal's Break Down offline, keeping its other buttons", () => {
    browserOnline = false;
    const goal = makeGoal();
    render(<GoalCard goal={goal} timeZone="UTC" onAddTask={vi.fn()} onEdit={vi.fn()} onBreakDown={vi.fn()} />);
    const breakDown = screen.getByRole("button", { name: "Break Down" });
    expect(breakDown).toBeDisabled();
    expect(breakDown).toHaveAccessibleDescription(`${goal.title} ${NEEDS_CONNECTION_MESSAGE}`);
    expect(screen.getByRole("button", { name: "Edit" })).toBeEnabled();
  });

  it("disables choosing a file to import offline", () => {
    browserOnline = false;
    renderWithApp(<ImportPanel />);
    const input = screen.getByLabelText("File to import");
    expect(input).toBeDisabled();
    expect(input).toHaveAccessibleDescription(NEEDS_CONNECTION_MESSAGE);
  });
});
