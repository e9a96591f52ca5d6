import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { HOSTILE_CALENDAR, WORK_CALENDAR } from "../../test/ics-test-server.ts";
import { isPrivateAddress, normaliseCalendarUrl, shortenCalendarUrl } from "./calendar-fetch.ts";
import { buildFeed, buildVtimezone } from "./ics-feed.ts";
import { MAX_ITERATIONS_PER_EVENT, parseIcs } from "./ics-parse.ts";

const window = { from: new Date("2026-03-01T00:00:00Z"), to: new Date("2026-05-01T00:00:00Z"), timeZone: "America/New_York" };
const calendar = (...lines: string[]) => ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR"].join("\r\n");
const vevent = (...lines: string[]) => ["BEGIN:VEVENT", ...lines, "END:VEVENT"].join("\r\n");

describe("parseIcs", () => {
  it("reads the work calendar's occurrences once, each with a stable id", async () => {
    const first = await parseIcs(WORK_CALENDAR, window);
    const second = await parseIcs(WORK_CALENDAR, window);
    expect(first.name).toBe("Work");
    expect(first.events.map((event) => event.id)).toEqual(second.events.map((event) => event.id));
    expect(new Set(first.events.map((event) => event.id)).size).toBe(first.events.length);
    expect(first.events.some((event) => event.title === "Cancelled meeting")).toBe(false);
  });

  it("reads floating times in the user's zone, a missing end as the start (timed) or one day (all-day), and DURATION", async () => {
    const { events } = await parseIcs(
      calendar(
        vevent("UID:a", "DTSTART:20260310T090000", "SUMMARY:Floating"),
        vevent("UID:b", "DTSTART;VALUE=DATE:20260311", "SUMMARY:Day"),
        vevent("UID:c", "DTSTART:20260312T090000Z", "DURATION:PT1H30M", "SUMMARY:Long"),
        vevent("UID:d", "DTSTART:20260313T090000Z", "DTEND:20260313T100000Z"),
      ),
      window,
    );
    const view = events.map(({ title, startsAt, endsAt, allDay }) => ({ title, startsAt, endsAt, allDay }));
    expect(view).toEqual([
      { title: "Floating", startsAt: "2026-03-10T13:00:00.000Z", endsAt: "2026-03-10T13:00:00.000Z", allDay: false },
      { title: "Day", startsAt: "2026-03-11", endsAt: "2026-03-12", allDay: true },
      { title: "Long", startsAt: "2026-03-12T09:00:00.000Z", endsAt: "2026-03-12T10:30:00.000Z", allDay: false },
      { title: "(no title)", startsAt: "2026-03-13T09:00:00.000Z", endsAt: "2026-03-13T10:00:00.000Z", allDay: false },
    ]);
  });

  it("keeps only the window's occurrences, and an override whose series is missing", async () => {
    const { events } = await parseIcs(
      calendar(
        vevent("UID:w", "DTSTART:20250105T100000Z", "DTEND:20250105T110000Z", "RRULE:FREQ=WEEKLY", "SUMMARY:Weekly"),
        vevent("UID:o", "RECURRENCE-ID:20260401T100000Z", "DTSTART:20260402T100000Z", "DTEND:20260402T110000Z", "SUMMARY:Orphan"),
        vevent("UID:old", "DTSTART:20200101T100000Z", "SUMMARY:Old"),
      ),
      window,
    );
    const weekly = events.filter((event) => event.title === "Weekly");
    expect(weekly).toHaveLength(9);
    expect(weekly[0]!.startsAt).toBe("2026-03-01T10:00:00.000Z");
    expect(events.some((event) => event.title === "Orphan")).toBe(true);
    expect(events.some((event) => event.title === "Old")).toBe(false);
  });

  it("bounds runaway rules and survives broken lines and bad dates", async () => {
    const started = performance.now();
    const parsed = await parseIcs(HOSTILE_CALENDAR, window);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(parsed.truncated).toBe(true);
    expect(parsed.events.map((event) => event.title)).toContain("Still here");
    expect(parsed.events.filter((event) => event.title === "A million times").length).toBeLessThanOrEqual(MAX_ITERATIONS_PER_EVENT);
  });

  it("refuses what is not a calendar", async () => {
    await expect(parseIcs("BEGIN:VCARD\r\nEND:VCARD", window)).rejects.toThrow("no VCALENDAR");
    await expect(parseIcs("BEGIN:VCALENDAR\r\nnot a line", window)).rejects.toThrow("could not be read");
  });
});

describe("calendar addresses", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.16.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "0:0:0:0:0:ffff:7f00:1",
    // Documentation, benchmarking and the rest of IANA's special-purpose registries.
    "192.0.2.1",
    "198.18.0.1",
    "198.19.255.254",
    "198.51.100.7",
    "203.0.113.7",
    "192.0.0.9",
    "192.31.196.1",
    "192.52.193.1",
    "192.88.99.1",
    "192.175.48.1",
    "240.0.0.1",
    "255.255.255.255",
    "224.0.0.1",
    "::",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "64:ff9b:1::1",
    "100::1",
    "2001::1",
    "2001:2::1",
    "2001:10::1",
    "2001:20::1",
    "2001:db8::1",
    "2002:7f00:1::1",
    "2620:4f:8000::1",
    "3fff::1",
    "5f00::1",
    "fec0::1",
    "ff02::1",
    "not an address",
  ])("%s is private", (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(["93.184.216.34", "8.8.8.8", "1.1.1.1", "192.0.3.1", "198.20.0.1", "203.0.114.1", "2606:4700:4700::1111", "2a00:1450::1"])(
    "%s is public",
    (address) => expect(isPrivateAddress(address)).toBe(false),
  );

  it("reads webcal:// as https and shortens an address to its host", () => {
    expect(normaliseCalendarUrl("webcal://example.com/a/secret/basic.ics").href).toBe("https://example.com/a/secret/basic.ics");
    expect(shortenCalendarUrl("https://calendar.example.com/private-abcdef/basic.ics")).toBe("calendar.example.com/…");
    expect(() => normaliseCalendarUrl("file:///etc/passwd")).toThrow("http://, https:// or webcal://");
  });
});

describe("the feed's VTIMEZONE", () => {
  it.each([
    ["Europe/Berlin", "2026-01-15T12:00:00.000Z", "2026-07-15T12:00:00.000Z", 60, 120],
    ["America/Sao_Paulo", "2026-01-15T12:00:00.000Z", "2026-07-15T12:00:00.000Z", -180, -180],
    ["Australia/Sydney", "2026-01-15T12:00:00.000Z", "2026-07-15T12:00:00.000Z", 660, 600],
    ["Asia/Kolkata", "2026-01-15T12:00:00.000Z", "2026-07-15T12:00:00.000Z", 330, 330],
  ])("%s gives ical.js the zone's winter and summer offsets", (zone, winter, summer, winterOffset, summerOffset) => {
    const timezone = new ICAL.Timezone(buildVtimezone(zone, 2025));
    const offsetAt = (iso: string) => timezone.utcOffset(ICAL.Time.fromJSDate(new Date(iso), true)) / 60;
    expect(offsetAt(winter)).toBe(winterOffset);
    expect(offsetAt(summer)).toBe(summerOffset);
  });

  it("writes a feed with 1,000 tasks quickly", () => {
    const tasks = Array.from({ length: 1000 }, (_, n) => ({
      id: `t${n}`,
      title: `Task ${n}`,
      description: null,
      status: "todo" as const,
      date: `2026-04-${String((n % 28) + 1).padStart(2, "0")}`,
      scheduledStartTime: n % 2 ? "09:00" : null,
      estimatedDuration: 45,
      updatedAt: "2026-03-01T00:00:00.000Z",
      goalTitle: n % 3 ? "Goal" : null,
    }));
    buildFeed({ zone: "Europe/Berlin", today: "2026-04-01", tasks, series: [] });
    const started = performance.now();
    const text = buildFeed({ zone: "Europe/Berlin", today: "2026-04-01", tasks, series: [] });
    expect(performance.now() - started).toBeLessThan(500);
    expect(new ICAL.Component(ICAL.parse(text) as unknown[]).getAllSubcomponents("vevent")).toHaveLength(1000);
  });
});
