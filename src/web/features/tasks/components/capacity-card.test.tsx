import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../../test/render.tsx";
import { CapacityCard } from "./insights-sidebar.tsx";

describe("CapacityCard", () => {
  it("shows the day's meetings and the time left for tasks", () => {
    renderWithApp(<CapacityCard figures={null} meetingMinutes={150} />);
    expect(screen.getByText("Meetings 2h 30m")).toBeInTheDocument();
    expect(screen.getByText(/2h 30m left for tasks/)).toBeInTheDocument();
  });

  it("says nothing of meetings on a day without any", () => {
    renderWithApp(<CapacityCard figures={null} />);
    expect(screen.queryByText(/Meetings/)).toBeNull();
  });
});
