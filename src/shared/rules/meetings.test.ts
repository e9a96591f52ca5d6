import { describe, expect, it } from "vitest";
import { checkCapacity } from "./capacity.ts";
import { meetingMinutes } from "./meetings.ts";

const event = (start: string, end: string, extra: { allDay?: boolean; busy?: boolean } = {}) => ({
  start,
  end,
  allDay: extra.allDay ?? false,
  busy: extra.busy ?? true,
});

describe("meetingMinutes", () => {
  it("counts busy timed events of the day once where they overlap, clipped to the day", () => {
    const events = [
      event("2026-03-24T09:00:00+01:00", "2026-03-24T10:00:00+01:00"),
      event("2026-03-24T09:30:00+01:00", "2026-03-24T11:00:00+01:00"),
      event("2026-03-24T14:00:00+01:00", "2026-03-24T15:00:00+01:00", { busy: false }),
      event("2026-03-24", "2026-03-25", { allDay: true }),
      event("2026-03-23T23:00:00+01:00", "2026-03-24T00:30:00+01:00"),
      event("2026-03-24T23:30:00+01:00", "2026-03-25T02:00:00+01:00"),
    ];
    expect(meetingMinutes(events, "2026-03-24")).toBe(120 + 30 + 30);
    expect(meetingMinutes([], "2026-03-24")).toBe(0);
  });
});

describe("checkCapacity with meetings", () => {
  it("takes the meetings from the available minutes", () => {
    expect(checkCapacity([60, 60]).usableMinutes).toBe(240);
    const withMeetings = checkCapacity([60, 60], 150);
    expect(withMeetings).toMatchObject({ availableMinutes: 150, usableMinutes: 120, utilizationPercent: 100, level: "warning" });
    expect(checkCapacity([30], 600)).toMatchObject({ availableMinutes: 0, level: "critical" });
    expect(checkCapacity([], 600).level).toBe("fine");
  });
});
