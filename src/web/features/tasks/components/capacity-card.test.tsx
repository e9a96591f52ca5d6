import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dayCapacity } from "../../../../shared/rules/capacity.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { CapacityCard } from "./insights-sidebar.tsx";

const estimates = (...minutes: number[]) => minutes.map((estimatedDuration) => ({ estimatedDuration }));

describe("CapacityCard", () => {
  it("shows the day's meetings and the time usable for tasks, as the insights count it", () => {
    renderWithApp(<CapacityCard figures={null} meetingMinutes={150} capacity={dayCapacity({ tasks: [], meetingMinutes: 150 })} />);
    expect(screen.getByText("Meetings 2h 30m")).toBeInTheDocument();
    // 6 typical hours less the hour's break and 2h 30m of meetings, less the 20% buffer.
    expect(screen.getByText(/2h 0m usable for tasks/)).toBeInTheDocument();
  });

  it("scales the usable time to the working day, and says how much of the free time is planned", () => {
    // A 10-hour day: 7h 30m typical hours less the hour's break and 2h 30m of meetings, less 20%.
    const capacity = dayCapacity({ tasks: [], meetingMinutes: 150, workday: { workdayStart: "08:00", workdayEnd: "18:00" } });
    renderWithApp(
      <CapacityCard figures={null} meetingMinutes={150} capacity={capacity} timeboxed={{ plannedMinutes: 270, freeMinutes: 450 }} />,
    );
    expect(screen.getByText(/3h 12m usable for tasks/)).toBeInTheDocument();
    expect(screen.getByText("Planned 4h 30m of 7h 30m free")).toBeInTheDocument();
  });

  it("warns when the day's tasks overload what its meetings leave (issue 56: 290 minutes against 2 hours of meetings)", () => {
    const capacity = dayCapacity({ tasks: estimates(120, 90, 60, 20), meetingMinutes: 120 });
    renderWithApp(<CapacityCard figures={null} meetingMinutes={120} capacity={capacity} />);
    expect(screen.getByText(/2h 24m usable for tasks/)).toBeInTheDocument();
    expect(screen.getByText("Load 201%")).toBeInTheDocument();
    expect(screen.getByText(/4h 50m planned of 2h 24m usable/)).toBeInTheDocument();
    expect(screen.getByText("Over capacity: consider deferring some tasks.")).toBeInTheDocument();
  });

  it("says nothing of meetings on a day without any, and no warning on a light day", () => {
    renderWithApp(<CapacityCard figures={null} capacity={dayCapacity({ tasks: estimates(60) })} />);
    expect(screen.queryByText(/Meetings/)).toBeNull();
    expect(screen.getByText("Load 25%")).toBeInTheDocument();
    expect(screen.queryByText(/capacity:/)).toBeNull();
  });
});
