import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { DayAgenda, prepTaskInput } from "./day-agenda.tsx";

const DAY = "2026-03-24";
const SUBSCRIPTION = {
  id: "cal-1",
  name: "Work",
  url: "calendar.example.com/…",
  colour: "#dc2626",
  enabled: true,
  lastSuccessAt: "2026-03-24T06:00:00.000Z",
  lastError: null,
  lastErrorAt: null,
  eventCount: 3,
  createdAt: "2026-03-01T00:00:00.000Z",
};
const EVENTS = [
  { id: "e0", calendarId: "cal-1", title: "Holiday", start: DAY, end: "2026-03-25", allDay: true, busy: true },
  {
    id: "e1",
    calendarId: "cal-1",
    title: "Stand-up",
    start: `${DAY}T09:30:00+01:00`,
    end: `${DAY}T10:00:00+01:00`,
    allDay: false,
    busy: true,
  },
  {
    id: "e2",
    calendarId: "cal-1",
    title: "Review",
    start: `${DAY}T13:00:00+01:00`,
    end: `${DAY}T15:00:00+01:00`,
    allDay: false,
    busy: true,
  },
  {
    id: "e3",
    calendarId: "cal-1",
    title: "Focus",
    start: `${DAY}T15:00:00+01:00`,
    end: `${DAY}T16:00:00+01:00`,
    allDay: false,
    busy: false,
  },
];

afterEach(() => vi.unstubAllGlobals());

describe("DayAgenda", () => {
  it("shows nothing and asks for no events while the user has no calendar", async () => {
    const fetchMock = mockFetch(() => jsonResponse([]));
    const onMeetings = vi.fn();
    const { container } = renderWithApp(<DayAgenda date={DAY} onMeetings={onMeetings} />);
    await waitFor(() => expect(onMeetings).toHaveBeenCalledWith({ date: DAY, minutes: 0, events: [] }));
    expect(container).toBeEmptyDOMElement();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/calendar/subscriptions"]);
  });

  it("lists the day's events with their time and colour, reports the busy minutes, and prepares a task", async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url === "/api/calendar/subscriptions") return jsonResponse([SUBSCRIPTION]);
      if (url.startsWith("/api/calendar/events")) return jsonResponse(EVENTS);
      if (url === "/api/tasks" && init.method === "POST") return jsonResponse({ id: "t1", ...JSON.parse(String(init.body)) }, 201);
      return jsonResponse([]);
    });
    const onMeetings = vi.fn();
    renderWithApp(<DayAgenda date={DAY} onMeetings={onMeetings} />);
    const list = await screen.findByRole("list", { name: "Calendar events" });
    expect(list).toHaveTextContent("All dayHoliday");
    expect(list).toHaveTextContent("9:30 AM – 10:00 AMStand-up");
    expect(list).toHaveTextContent("Focus (free)");
    await waitFor(() =>
      expect(onMeetings).toHaveBeenLastCalledWith(
        expect.objectContaining({
          date: DAY,
          minutes: 150,
          events: expect.arrayContaining([expect.objectContaining({ busy: true, allDay: false })]),
        }),
      ),
    );

    await userEvent.click(screen.getByRole("button", { name: "Prepare for Review" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/tasks" && init.method === "POST")).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([url, request]) => url === "/api/tasks" && request.method === "POST")!;
    expect(JSON.parse(String(init.body))).toEqual({
      id: expect.any(String),
      title: "Prepare for Review",
      date: DAY,
      scheduledStartTime: "12:45",
      estimatedDuration: 15,
    });
  });

  it("opens a meeting's prep task on a second click instead of making another", async () => {
    const fetchMock = mockFetch((url) => {
      if (url === "/api/calendar/subscriptions") return jsonResponse([SUBSCRIPTION]);
      if (url.startsWith("/api/calendar/events")) return jsonResponse(EVENTS);
      return jsonResponse([]);
    });
    const prep = makeTask({ id: "t-prep", title: "Prepare for Review", date: DAY, scheduledStartTime: "12:45" });
    const onOpenTask = vi.fn();
    renderWithApp(<DayAgenda date={DAY} onMeetings={vi.fn()} tasks={[prep]} onOpenTask={onOpenTask} />);
    await userEvent.click(await screen.findByRole("button", { name: "Open “Prepare for Review”" }));
    expect(onOpenTask).toHaveBeenCalledWith(prep);
    expect(screen.getByRole("button", { name: "Prepare for Stand-up" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url, init]) => url === "/api/tasks" && init.method === "POST")).toBe(false);
  });

  it("shows each event's whole title, wrapping rather than cutting it", async () => {
    const long = { ...EVENTS[1]!, id: "e9", title: "Quarterly planning with the design and research teams" };
    mockFetch((url) => {
      if (url === "/api/calendar/subscriptions") return jsonResponse([SUBSCRIPTION]);
      if (url.startsWith("/api/calendar/events")) return jsonResponse([long]);
      return jsonResponse([]);
    });
    renderWithApp(<DayAgenda date={DAY} onMeetings={vi.fn()} />);
    const title = await screen.findByText("Quarterly planning with the design and research teams");
    expect(title.className).not.toMatch(/truncate|line-clamp|nowrap/);
  });

  it("places a prep task to end as the meeting starts", () => {
    const at = (start: string, allDay = false) =>
      prepTaskInput({ ...EVENTS[1]!, start: allDay ? DAY : `${DAY}T${start}:00+01:00`, allDay }, DAY);
    expect(at("09:30")).toMatchObject({ scheduledStartTime: "09:15", estimatedDuration: 15 });
    expect(at("00:05")).toMatchObject({ scheduledStartTime: "00:00", estimatedDuration: 5 });
    expect(at("00:03")).toMatchObject({ scheduledStartTime: null, estimatedDuration: 15 });
    expect(at("", true)).toMatchObject({ scheduledStartTime: null, estimatedDuration: 15 });
  });
});
