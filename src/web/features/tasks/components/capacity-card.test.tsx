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

  it("scales the time left to the working day, and says how much of the free time is planned", () => {
    // A 10-hour day: 7h 30m typical hours less the hour's break and 2h 30m of meetings.
    renderWithApp(
      <CapacityCard figures={null} meetingMinutes={150} workdayMinutes={600} timeboxed={{ plannedMinutes: 270, freeMinutes: 450 }} />,
    );
    expect(screen.getByText(/4h 0m left for tasks/)).toBeInTheDocument();
    expect(screen.getByText("Planned 4h 30m of 7h 30m free")).toBeInTheDocument();
  });

  it("says nothing of meetings on a day without any", () => {
    renderWithApp(<CapacityCard figures={null} />);
    expect(screen.queryByText(/Meetings/)).toBeNull();
  });
});
