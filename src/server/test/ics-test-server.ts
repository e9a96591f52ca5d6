// A local calendar server for the calendar tests: well-formed calendars (zones with DST, recurrences with
// exceptions, all-day, cancelled and free events) and every way a calendar address can go wrong.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import zlib from "node:zlib";

const crlf = (lines: string[]) => lines.join("\r\n") + "\r\n";

/** Week of 2026-03-23 (Berlin moves to summer time on Sunday the 29th). */
export const WORK_CALENDAR = crlf([
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "PRODID:-//Daywise tests//EN",
  "X-WR-CALNAME:Work",
  "BEGIN:VTIMEZONE",
  "TZID:Custom Berlin",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "END:VTIMEZONE",
  // Daily stand-up, 09:30 Berlin: skipped on the 25th, moved on the 26th, one extra on Sunday the 29th by RDATE.
  "BEGIN:VEVENT",
  "UID:standup@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART;TZID=Europe/Berlin:20260323T093000",
  "DTEND;TZID=Europe/Berlin:20260323T100000",
  "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;UNTIL=20260403T235959Z",
  "EXDATE;TZID=Europe/Berlin:20260325T093000",
  "RDATE;TZID=Europe/Berlin:20260329T093000",
  "SUMMARY:Stand-up",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:standup@test",
  "DTSTAMP:20260301T000000Z",
  "RECURRENCE-ID;TZID=Europe/Berlin:20260326T093000",
  "DTSTART;TZID=Europe/Berlin:20260326T140000",
  "DTEND;TZID=Europe/Berlin:20260326T150000",
  "SUMMARY:Stand-up (moved)",
  "END:VEVENT",
  // Cancelled occurrence of the series on the 27th.
  "BEGIN:VEVENT",
  "UID:standup@test",
  "DTSTAMP:20260301T000000Z",
  "RECURRENCE-ID;TZID=Europe/Berlin:20260327T093000",
  "DTSTART;TZID=Europe/Berlin:20260327T093000",
  "DTEND;TZID=Europe/Berlin:20260327T100000",
  "STATUS:CANCELLED",
  "SUMMARY:Stand-up",
  "END:VEVENT",
  // A zone defined only by the file's VTIMEZONE.
  "BEGIN:VEVENT",
  "UID:review@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART;TZID=Custom Berlin:20260324T130000",
  "DTEND;TZID=Custom Berlin:20260324T150000",
  "SUMMARY:Quarterly review",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:holiday@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART;VALUE=DATE:20260324",
  "DTEND;VALUE=DATE:20260325",
  "SUMMARY:Team holiday",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:focus@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART:20260324T150000Z",
  "DTEND:20260324T160000Z",
  "TRANSP:TRANSPARENT",
  "SUMMARY:Focus time (free)",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:dropped@test",
  "DTSTAMP:20260301T000000Z",
  "DTSTART:20260324T170000Z",
  "DTEND:20260324T180000Z",
  "STATUS:CANCELLED",
  "SUMMARY:Cancelled meeting",
  "END:VEVENT",
  "END:VCALENDAR",
]);

/** Broken lines, a bad date and runaway rules beside one good event. */
export const HOSTILE_CALENDAR = crlf([
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VEVENT",
  "UID:good@test",
  "DTSTART:20260324T080000Z",
  "DTEND:20260324T090000Z",
  "SUMMARY:Still here",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:bad-date@test",
  "DTSTART:2026-13-45T99",
  "SUMMARY:Bad date",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:millennium@test",
  "DTSTART:10260101T090000Z",
  "RRULE:FREQ=DAILY",
  "SUMMARY:Since the year 1026",
  "END:VEVENT",
  "BEGIN:VEVENT",
  "UID:million@test",
  "DTSTART:20260101T000000Z",
  "RRULE:FREQ=SECONDLY;COUNT=1000000",
  "SUMMARY:A million times",
  "END:VEVENT",
  "END:VCALENDAR",
]);

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, n) => from + n).join(",");

/** A zone that changes every minute: ical.js would expand it from 1970 to five years ahead, minute by minute. */
export const MINUTELY_ZONE_CALENDAR = crlf([
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VTIMEZONE",
  "TZID:Every minute",
  "BEGIN:STANDARD",
  "DTSTART:19700101T000000",
  "RRULE:FREQ=MINUTELY",
  "TZOFFSETFROM:+0000",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "END:VTIMEZONE",
  "BEGIN:VEVENT",
  "UID:zone@test",
  "DTSTART;TZID=Every minute:20260324T090000",
  "DTEND;TZID=Every minute:20260324T100000",
  "SUMMARY:In a zone of every minute",
  "END:VEVENT",
  "END:VCALENDAR",
]);

/** One rule whose every yearly step builds every minute of the year before picking one. */
export const SETPOS_CALENDAR = crlf([
  "BEGIN:VCALENDAR",
  "VERSION:2.0",
  "BEGIN:VEVENT",
  "UID:setpos@test",
  "DTSTART:20260101T000000Z",
  `RRULE:FREQ=YEARLY;BYSETPOS=-366;BYMONTH=${range(1, 12)};BYMONTHDAY=${range(1, 31)};BYHOUR=${range(0, 23)};BYMINUTE=${range(0, 59)}`,
  "SUMMARY:Every minute of the year",
  "END:VEVENT",
  "END:VCALENDAR",
]);

/** 6,000 series and as many overrides, all of one UID. */
export function overridesCalendar(count = 6000, overrides = count): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0"];
  for (let n = 0; n < count; n += 1) {
    const day = `2026${String((n % 12) + 1).padStart(2, "0")}${String((n % 28) + 1).padStart(2, "0")}`;
    lines.push("BEGIN:VEVENT", "UID:same@test", `DTSTART:${day}T090000Z`, "RRULE:FREQ=DAILY;COUNT=3", `SUMMARY:Series ${n}`, "END:VEVENT");
    if (n >= overrides) continue;
    lines.push(
      "BEGIN:VEVENT",
      "UID:same@test",
      `RECURRENCE-ID:${day}T090000Z`,
      `DTSTART:${day}T100000Z`,
      `SUMMARY:Moved ${n}`,
      "END:VEVENT",
    );
  }
  return crlf([...lines, "END:VCALENDAR"]);
}

/** One event with 50,000 extra dates. */
export function rdatesCalendar(count = 50_000): string {
  const dates = Array.from(
    { length: count },
    (_, n) => `RDATE:${new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString().replace(/[-:]|\.000/g, "")}`,
  );
  return crlf([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "BEGIN:VEVENT",
    "UID:rdates@test",
    "DTSTART:20260101T000000Z",
    ...dates,
    "SUMMARY:Often",
    "END:VEVENT",
    "END:VCALENDAR",
  ]);
}

let gzippedBomb: Buffer | undefined;
let overrides: string | undefined;
let rdates: string | undefined;
const bomb = () => (gzippedBomb ??= zlib.gzipSync(`BEGIN:VCALENDAR\r\n${`X-FILLER:${"x".repeat(1000)}\r\n`.repeat(6 * 1024)}`));

export interface IcsTestServer {
  url(path: string): string;
  /** The paths requested so far, in order. */
  requests: string[];
  /** What /mutable.ics answers next: a calendar's text, or a status code. */
  setMutable(answer: string | number): void;
  close(): Promise<void>;
}

export async function startIcsTestServer(): Promise<IcsTestServer> {
  let mutable: string | number = WORK_CALENDAR;
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    const [path, query] = (request.url ?? "/").split("?");
    requests.push(path!);
    const send = (status: number, type: string, body: string) => response.writeHead(status, { "content-type": type }).end(body);
    switch (path) {
      case "/work.ics":
        return send(200, "text/calendar", WORK_CALENDAR);
      case "/hostile.ics":
        return send(200, "text/calendar", HOSTILE_CALENDAR);
      case "/minutely-zone.ics":
        return send(200, "text/calendar", MINUTELY_ZONE_CALENDAR);
      case "/setpos.ics":
        return send(200, "text/calendar", SETPOS_CALENDAR);
      case "/overrides.ics":
        return send(200, "text/calendar", (overrides ??= overridesCalendar()));
      case "/rdates.ics":
        return send(200, "text/calendar", (rdates ??= rdatesCalendar()));
      case "/trickle.ics": {
        // Two bytes a second, for as long as the reader waits.
        response.writeHead(200, { "content-type": "text/calendar" });
        const timer = setInterval(() => response.write("X\n"), 1000);
        response.write("BEGIN:VCALENDAR\r\n");
        return response.on("close", () => clearInterval(timer));
      }
      case "/mutable.ics":
        return typeof mutable === "number" ? send(mutable, "text/plain", "nope") : send(200, "text/calendar", mutable);
      case "/missing.ics":
        return send(404, "text/plain", "Not Found");
      case "/page.html":
        return send(200, "text/html", "<!DOCTYPE html><html><body>Sign in to see this calendar</body></html>");
      case "/huge.ics": {
        // 6 MB without a Content-Length: the reader must stop by itself.
        response.writeHead(200, { "content-type": "text/calendar" });
        response.write("BEGIN:VCALENDAR\r\n");
        const chunk = `X-FILLER:${"x".repeat(1000)}\r\n`.repeat(64);
        let sent = 0;
        const pump = () => {
          while (sent < 6 * 1024 * 1024) {
            sent += chunk.length;
            if (!response.write(chunk)) return void response.once("drain", pump);
          }
          response.end("END:VCALENDAR\r\n");
        };
        response.on("error", () => undefined);
        return pump();
      }
      case "/gzip.ics":
        return response.writeHead(200, { "content-type": "text/calendar", "content-encoding": "gzip" }).end(zlib.gzipSync(WORK_CALENDAR));
      case "/bomb.ics":
        // 6 MB of calendar in a few kilobytes: the limit counts what the body unpacks to.
        return response.writeHead(200, { "content-type": "text/calendar", "content-encoding": "gzip" }).end(bomb());
      case "/broken-gzip.ics":
        return response.writeHead(200, { "content-type": "text/calendar", "content-encoding": "gzip" }).end(WORK_CALENDAR);
      case "/hang.ics":
        return; // never answers
      case "/loop.ics":
        return response.writeHead(302, { location: "/loop.ics" }).end();
      case "/hop.ics":
        return response.writeHead(301, { location: "/work.ics" }).end();
      case "/redirect":
        return response.writeHead(302, { location: new URLSearchParams(query).get("to") ?? "/work.ics" }).end();
      default:
        return send(404, "text/plain", "Not Found");
    }
  });
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    setMutable(answer) {
      mutable = answer;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
