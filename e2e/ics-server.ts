import http from "node:http";
import type { AddressInfo } from "node:net";
import { addDays, todayInZone } from "../src/shared/rules/dates.ts";

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

/** Tomorrow's three busy meetings, for 'Plan my day': 09:30-10:00, 11:00-12:00, 14:00-15:00. */
function tomorrowsMeetings(day: string): string {
  const date = day.replaceAll("-", "");
  const event = (uid: string, from: string, to: string, summary: string) => [
    "BEGIN:VEVENT",
    `UID:${uid}@journey`,
    "DTSTAMP:20260101T000000Z",
    `DTSTART;TZID=${ZONE}:${date}T${from}00`,
    `DTEND;TZID=${ZONE}:${date}T${to}00`,
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];
  return [
    ...["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Daywise journey//EN", "X-WR-CALNAME:Tomorrow"],
    ...event("standup", "0930", "1000", "Standup"),
    ...event("review", "1100", "1200", "Client review"),
    ...event("planning", "1400", "1500", "Sprint planning"),
    "END:VCALENDAR",
  ].join("\r\n");
}

/** A calendar server on a free port; its address carries a secret path as a real one does. */
export async function startIcsServer(): Promise<{ url: string; tomorrowUrl: string; close: () => Promise<void> }> {
  const server = http.createServer((request, response) => {
    const today = todayInZone(new Date(), ZONE);
    const body = request.url?.endsWith("/tomorrow.ics") ? tomorrowsMeetings(addDays(today, 1)) : teamCalendar(today);
    response.writeHead(200, { "content-type": "text/calendar" }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/team/secret-token/basic.ics`,
    tomorrowUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/team/secret-token/tomorrow.ics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
