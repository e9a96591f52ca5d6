// The calendar feature: loaded lazily (the board's agenda after the first paint, Settings' tab when opened).
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export type { DayMeetings } from "./components/day-agenda.tsx";
export { useDayEvents, useMeetingMinutes } from "./api/calendar-queries.ts";

export const DayAgenda = lazyWithPreload(() => import("./components/day-agenda.tsx").then((module) => module.DayAgenda), {
  optional: true,
});
export const CalendarsPanel = lazyWithPreload(() => import("./components/calendars-panel.tsx").then((module) => module.CalendarsPanel));
