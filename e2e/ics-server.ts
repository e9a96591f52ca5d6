import http from "node:http";
import type { AddressInfo } from "node:net";
import { todayInZone } from "../src/shared/rules/dates.ts";

// playwright.config.ts's browser zone, which a new user's zone follows.
export const ZONE = "Europe/Paris";

/** Today's team calendar: a busy design review from 10:00 to 12:30 and a free lunch. */
function teamCalendar(day: string): string {
  const date = day.replaceAll("-", "");
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Daywise journey//EN",
    "X-WR-CALNAME:Team calendar",
    "BEGIN:VEVENT",
    "UID:design-review@journey",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=${ZONE}:${date}T100000`,
    `DTEND;TZID=${ZONE}:${date}T123000`,
    "SUMMARY:Design review",
    "END:VEVENT",
    "BEGIN:VEVENT",
    "UID:lunch@journey",
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=${ZONE}:${date}T130000`,
    `DTEND;TZID=${ZONE}:${date}T140000`,
    "TRANSP:TRANSPARENT",
    "SUMMARY:Lunch (free)",
    "END:VEVENT",
    "END:VCALENDAR",
  ].join("\r\n");
}

/** A calendar server on a free port; its address carries a secret path as a real one does. */
export async function startIcsServer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar" }).end(teamCalendar(todayInZone(new Date(), ZONE)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/team/secret-token/basic.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
