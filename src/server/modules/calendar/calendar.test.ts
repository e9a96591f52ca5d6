import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assistantTools } from "../ai-proposals/assistant-tools.ts";
import { type IcsTestServer, startIcsTestServer, WORK_CALENDAR } from "../../test/ics-test-server.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp, testConfig } from "../../test/test-app.ts";

const NOW = new Date("2026-03-24T07:00:00Z");

let ics: IcsTestServer;
beforeAll(async () => {
  ics = await startIcsTestServer();
});
afterAll(() => ics.close());

describeEachDatabase("calendars", (dialect) => {
  let t: TestApp;
  let user: SignedInUser;
  let calendarId: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: NOW, config: { calendar: { allowPrivateUrls: true, fetchTimeoutMs: 2500 } } });
    user = await signInTestUser(t.app, { timeZone: "Europe/Berlin" });
  });
  afterAll(() => t.close());

  const subscribe = (url: string, as = user) =>
    t.app.inject({ method: "POST", url: "/api/calendar/subscriptions", headers: as.mutatingHeaders, payload: { url } });
  const events = async (query: string, as = user) => {
    const response = await t.app.inject({ method: "GET", url: `/api/calendar/events?${query}`, headers: as.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Array<{ title: string; start: string; end: string; allDay: boolean; busy: boolean; calendarId: string }>;
  };

  it("subscribes: reads the calendar at once, names it, and never answers its address whole", async () => {
    const response = await subscribe(ics.url("/work.ics"));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    calendarId = created.id;
    expect(created).toMatchObject({ name: "Work", enabled: true, lastError: null });
    expect(created.url).toMatch(/^127\.0\.0\.1:\d+\/…$/);
    // Stand-up (a series), review, holiday and focus time: events, not the stand-up's many occurrences (issue 56).
    expect(created.eventCount).toBe(4);
    const list = await t.app.inject({ method: "GET", url: "/api/calendar/subscriptions", headers: user.headers });
    expect(list.body).not.toContain("work.ics");
    expect(list.json()).toHaveLength(1);
  });

  it("answers a day's events in the user's zone: TZID, the file's own VTIMEZONE, all-day, free, cancelled dropped", async () => {
    const day = await events("date=2026-03-24");
    expect(day.map(({ title, start, end, allDay, busy }) => ({ title, start, end, allDay, busy }))).toEqual([
      { title: "Team holiday", start: "2026-03-24", end: "2026-03-25", allDay: true, busy: true },
      { title: "Stand-up", start: "2026-03-24T09:30:00+01:00", end: "2026-03-24T10:00:00+01:00", allDay: false, busy: true },
      { title: "Quarterly review", start: "2026-03-24T13:00:00+01:00", end: "2026-03-24T15:00:00+01:00", allDay: false, busy: true },
      { title: "Focus time (free)", start: "2026-03-24T16:00:00+01:00", end: "2026-03-24T17:00:00+01:00", allDay: false, busy: false },
    ]);
    expect(day.every((event) => event.calendarId === calendarId)).toBe(true);
  });

  it("takes the day's busy meetings off the assistant's capacity", async () => {
    const tools = assistantTools({
      kysely: t.db.kysely,
      dialect: t.dialect,
      now: () => t.app.now(),
      ai: testConfig().ai,
      log: t.app.log,
      userId: user.userId,
      onProposal: () => {},
    });
    const answer = (await tools.get_capacity!.execute!({ date: "2026-03-24" }, { toolCallId: "c1", messages: [] })) as string;
    expect(JSON.parse(/<user-data>\n([\s\S]*)\n<\/user-data>/.exec(answer)![1]!)).toMatchObject({
      meetingMinutes: 150,
      usableMinutes: 120,
    });
  });

  it("reads one capacity for the day: the insights and the assistant count the same meetings and tasks (issue 56)", async () => {
    const created: string[] = [];
    for (const [title, estimatedDuration] of [
      ["Write the brief", 120],
      ["Review the deck", 80],
    ] as const) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: user.mutatingHeaders,
        payload: { title, estimatedDuration, date: "2026-03-24" },
      });
      created.push(response.json().id);
    }
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${created[0]}`, headers: user.mutatingHeaders, payload: { status: "done" } });
    const insights = await t.app.inject({ method: "GET", url: "/api/ai/insights?date=2026-03-24", headers: user.headers });
    expect(insights.json().insights).toContainEqual(
      expect.objectContaining({
        title: "Day planned at 167% capacity",
        description: "You planned 200 minutes against 120 usable (150 minutes of meetings taken off). Consider deferring some tasks.",
      }),
    );
    const tools = assistantTools({
      kysely: t.db.kysely,
      dialect: t.dialect,
      now: () => t.app.now(),
      ai: testConfig().ai,
      log: t.app.log,
      userId: user.userId,
      onProposal: () => {},
    });
    const answer = (await tools.get_capacity!.execute!({ date: "2026-03-24" }, { toolCallId: "c2", messages: [] })) as string;
    expect(JSON.parse(/<user-data>\n([\s\S]*)\n<\/user-data>/.exec(answer)![1]!)).toMatchObject({
      plannedMinutes: 200,
      usableMinutes: 120,
      utilizationPercent: 167,
      level: "critical",
    });
    for (const id of created) await t.app.inject({ method: "DELETE", url: `/api/tasks/${id}`, headers: user.mutatingHeaders });
  });

  it("expands the series: EXDATE, a moved and a cancelled occurrence, RDATE, and 09:30 across the DST change", async () => {
    expect(await events("date=2026-03-25")).toEqual([]);
    expect((await events("date=2026-03-26")).map((event) => [event.title, event.start])).toEqual([
      ["Stand-up (moved)", "2026-03-26T14:00:00+01:00"],
    ]);
    expect(await events("date=2026-03-27")).toEqual([]);
    expect((await events("date=2026-03-29")).map((event) => event.start)).toEqual(["2026-03-29T09:30:00+02:00"]);
    expect((await events("date=2026-03-30")).map((event) => event.start)).toEqual(["2026-03-30T09:30:00+02:00"]);
    const week = await events("from=2026-03-23&to=2026-03-29");
    expect(week.filter((event) => event.title.startsWith("Stand-up"))).toHaveLength(4);
  });

  it("refuses a range longer than 42 days, and a date given with a range", async () => {
    for (const query of [
      "from=2026-03-01&to=2026-04-30",
      "date=2026-03-24&from=2026-03-24",
      "from=2026-03-24",
      "from=2026-03-25&to=2026-03-24",
    ]) {
      const response = await t.app.inject({ method: "GET", url: `/api/calendar/events?${query}`, headers: user.headers });
      expect(response.statusCode, query).toBe(400);
    }
  });

  it("answers the first and the last calendar days, whose neighbours are no dates", async () => {
    expect(await events("date=9999-12-31")).toEqual([]);
    expect(await events("from=9999-12-01&to=9999-12-31")).toEqual([]);
    expect(await events("date=1000-01-01")).toEqual([]);
  });

  it.each([
    ["/missing.ics", "answered 404"],
    ["/page.html", "web page, not a calendar"],
    ["/huge.ics", "larger than 5 MB"],
    ["/hang.ics", "did not answer within"],
    ["/loop.ics", "redirected more than 3 times"],
  ])("refuses %s with a clear 400", async (path, message) => {
    const response = await subscribe(ics.url(path));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain(message);
    expect(response.body).not.toContain(path);
  });

  it("refuses what is not an http(s) address, and a host that does not answer", async () => {
    for (const url of ["ftp://example.test/cal.ics", "not a url", "javascript:alert(1)"]) {
      expect((await subscribe(url)).statusCode).toBe(400);
    }
    const closed = await subscribe("http://127.0.0.1:9/cal.ics");
    expect(closed.statusCode).toBe(400);
    expect(closed.json().message).toBe("The calendar's server could not be reached");
    // webcal:// is read over https: a server that speaks only http is named as such, not as unreachable (issue 56).
    const plain = await subscribe(ics.url("/work.ics").replace("http://", "webcal://"));
    expect(plain.statusCode).toBe(400);
    expect(plain.json().message).toBe(
      "The calendar's server does not speak https, which a webcal:// address is read with: if you trust it, paste its http:// address",
    );
  });

  it("follows a redirect, and reads a hostile calendar's good events without hanging", async () => {
    expect((await subscribe(ics.url("/hop.ics"))).statusCode).toBe(201);
    const started = Date.now();
    const hostile = await subscribe(ics.url("/hostile.ics"));
    expect(hostile.statusCode, hostile.body).toBe(201);
    expect(Date.now() - started).toBeLessThan(8000);
    const day = await events("date=2026-03-24");
    expect(day.map((event) => event.title)).toContain("Still here");
    for (const id of [hostile.json().id]) {
      await t.app.inject({ method: "DELETE", url: `/api/calendar/subscriptions/${id}`, headers: user.mutatingHeaders });
    }
  });

  it("holds the cap of 20 calendars under 30 parallel subscribes", async () => {
    const busy = await signInTestUser(t.app);
    const responses = await Promise.all(Array.from({ length: 30 }, () => subscribe(ics.url("/work.ics"), busy)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(20);
    const refused = responses.filter((response) => response.statusCode === 400);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().message).toBe("At most 20 calendars can be subscribed");
    const list = await t.app.inject({ method: "GET", url: "/api/calendar/subscriptions", headers: busy.headers });
    expect(list.json()).toHaveLength(20);
  });

  it("renames, recolours and switches a calendar off and on; another user gets 404", async () => {
    const other = await signInTestUser(t.app);
    const url = `/api/calendar/subscriptions/${calendarId}`;
    for (const method of ["PATCH", "DELETE"] as const) {
      const response = await t.app.inject({ method, url, headers: other.mutatingHeaders, payload: { name: "Mine" } });
      expect(response.statusCode).toBe(404);
    }
    expect(await events("date=2026-03-24", other)).toEqual([]);
    // Read first, so that the kept answer must make way for the switch (the version moves).
    expect((await events("date=2026-03-26")).some((event) => event.calendarId === calendarId)).toBe(true);
    const patched = await t.app.inject({
      method: "PATCH",
      url,
      headers: user.mutatingHeaders,
      payload: { name: "Office", colour: "#DC2626", enabled: false },
    });
    expect(patched.json()).toMatchObject({ name: "Office", colour: "#dc2626", enabled: false });
    expect((await events("date=2026-03-26")).filter((event) => event.calendarId === calendarId)).toEqual([]);
    await t.app.inject({ method: "PATCH", url, headers: user.mutatingHeaders, payload: { enabled: true } });
    expect((await events("date=2026-03-26")).some((event) => event.calendarId === calendarId)).toBe(true);
  });

  it("refreshes in the scheduler: a failing calendar keeps its last good copy and shows why", async () => {
    ics.setMutable(WORK_CALENDAR);
    const created = (await subscribe(ics.url("/mutable.ics"))).json();
    ics.setMutable(500);
    t.clock.advance(16 * 60_000);
    const tick = await t.app.calendarRefresh.refreshDueCalendars();
    expect(tick.calendars).toBeGreaterThanOrEqual(1);
    let list = (await t.app.inject({ method: "GET", url: "/api/calendar/subscriptions", headers: user.headers })).json();
    let mutable = list.find((row: { id: string }) => row.id === created.id);
    expect(mutable.lastError).toContain("answered 500");
    expect(mutable.eventCount).toBe(created.eventCount);
    expect((await events("date=2026-03-24")).filter((event) => event.calendarId === created.id)).toHaveLength(4);

    // Claimed once: a second tick at once finds nothing due.
    expect((await t.app.calendarRefresh.refreshDueCalendars()).calendars).toBe(0);

    ics.setMutable(WORK_CALENDAR.replace("SUMMARY:Quarterly review", "SUMMARY:Yearly review"));
    // A failed read backs the next one off: 30 minutes after one failure.
    t.clock.advance(16 * 60_000);
    const before = ics.requests.length;
    await t.app.calendarRefresh.refreshDueCalendars();
    expect(ics.requests.slice(before)).not.toContain("/mutable.ics");
    t.clock.advance(15 * 60_000);
    await t.app.calendarRefresh.refreshDueCalendars();
    list = (await t.app.inject({ method: "GET", url: "/api/calendar/subscriptions", headers: user.headers })).json();
    mutable = list.find((row: { id: string }) => row.id === created.id);
    expect(mutable.lastError).toBeNull();
    expect((await events("date=2026-03-24")).map((event) => event.title)).toContain("Yearly review");
    await t.app.inject({ method: "DELETE", url: `/api/calendar/subscriptions/${created.id}`, headers: user.mutatingHeaders });
    expect((await events("date=2026-03-24")).some((event) => event.calendarId === created.id)).toBe(false);
  });

  it("deletes a calendar and its events", async () => {
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/calendar/subscriptions/${calendarId}`,
      headers: user.mutatingHeaders,
    });
    expect(response.statusCode).toBe(200);
    expect((await events("date=2026-03-24")).some((event) => event.calendarId === calendarId)).toBe(false);
    const again = await t.app.inject({ method: "DELETE", url: `/api/calendar/subscriptions/${calendarId}`, headers: user.mutatingHeaders });
    expect(again.statusCode).toBe(404);
  });

  describe("the feed", () => {
    let feedUrl: string;
    const path = () => new URL(feedUrl).pathname;

    it("creates the feed once and answers the same address again", async () => {
      expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed", headers: user.headers })).json()).toEqual({ url: null });
      const first = await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: user.mutatingHeaders, payload: {} });
      expect(first.statusCode, first.body).toBe(200);
      feedUrl = first.json().url;
      expect(feedUrl).toMatch(/^http:\/\/localhost:3000\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
      const second = await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: user.mutatingHeaders, payload: {} });
      expect(second.json().url).toBe(feedUrl);
      expect((await t.app.inject({ method: "GET", url: "/api/calendar/feed", headers: user.headers })).json()).toEqual({ url: feedUrl });
    });

    it("serves the planned tasks without a session, as a calendar ical.js reads back", async () => {
      const goal = (
        await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Launch" } })
      ).json();
      const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/tasks", headers: user.mutatingHeaders, payload });
      const timed = (
        await create({ title: "Write the plan", date: "2026-03-24", scheduledStartTime: "10:00", estimatedDuration: 90, goalId: goal.id })
      ).json();
      const allDay = (await create({ title: "Errands", date: "2026-03-25" })).json();
      await create({ title: "Far away", date: "2027-01-01" });
      await create({ title: "Undated" });
      const weekly = await create({
        title: "Weekly sync",
        date: "2026-03-23",
        scheduledStartTime: "08:00",
        recurrence: "FREQ=WEEKLY;BYDAY=MO",
      });
      expect(weekly.statusCode, weekly.body).toBe(201);
      // Reading the week's days makes its occurrences: the feed must still show the series once.
      await t.app.inject({ method: "GET", url: "/api/tasks?date=2026-03-30", headers: user.headers });

      const response = await t.app.inject({ method: "GET", url: path() });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toBe("text/calendar; charset=utf-8");
      const root = new ICAL.Component(ICAL.parse(response.body) as unknown[]);
      expect(root.getFirstSubcomponent("vtimezone")?.getFirstPropertyValue("tzid")).toBe("Europe/Berlin");
      const vevents = root.getAllSubcomponents("vevent");
      const byTitle = new Map(vevents.map((vevent) => [vevent.getFirstPropertyValue("summary"), vevent]));
      expect([...byTitle.keys()].sort()).toEqual(["Errands", "Weekly sync", "Write the plan"]);

      ICAL.TimezoneService.register(root.getFirstSubcomponent("vtimezone")!);
      try {
        const plan = new ICAL.Event(byTitle.get("Write the plan")!);
        expect(plan.uid).toBe(`task-${timed.id}@daywise`);
        expect(plan.startDate.toJSDate().toISOString()).toBe("2026-03-24T09:00:00.000Z");
        expect(plan.duration.toSeconds()).toBe(90 * 60);
        expect(byTitle.get("Write the plan")!.getFirstPropertyValue("categories")).toBe("Launch");
        expect(byTitle.get("Write the plan")!.getFirstPropertyValue("status")).toBe("TENTATIVE");
        const errands = new ICAL.Event(byTitle.get("Errands")!);
        expect(errands.uid).toBe(`task-${allDay.id}@daywise`);
        expect(errands.startDate.isDate).toBe(true);
        const sync = new ICAL.Event(byTitle.get("Weekly sync")!);
        expect(sync.isRecurring()).toBe(true);
        const iterator = sync.iterator();
        const second = iterator.next() && iterator.next();
        expect(second?.toJSDate().toISOString()).toBe("2026-03-30T06:00:00.000Z");
      } finally {
        ICAL.TimezoneService.remove("Europe/Berlin");
      }
    });

    it("shows an occurrence changed with 'This task' at its own time, date and title (issue 56)", async () => {
      const create = (payload: object) => t.app.inject({ method: "POST", url: "/api/tasks", headers: user.mutatingHeaders, payload });
      const weekly = await create({ title: "Run", date: "2026-03-26", scheduledStartTime: "18:30", recurrence: "FREQ=WEEKLY;BYDAY=TH" });
      expect(weekly.statusCode, weekly.body).toBe(201);
      const occurrenceOn = async (date: string) => {
        const day = await t.app.inject({ method: "GET", url: `/api/tasks?date=${date}`, headers: user.headers });
        return (day.json() as Array<{ id: string; title: string }>).find((task) => task.title === "Run")!;
      };
      const patch = (id: string, payload: object) =>
        t.app.inject({ method: "PATCH", url: `/api/tasks/${id}`, headers: user.mutatingHeaders, payload: { ...payload, scope: "this" } });
      expect((await patch((await occurrenceOn("2026-04-02")).id, { scheduledStartTime: "07:00" })).statusCode).toBe(200);
      expect((await patch((await occurrenceOn("2026-04-09")).id, { date: "2026-04-10", title: "Long run" })).statusCode).toBe(200);
      expect((await patch((await occurrenceOn("2026-04-16")).id, { date: null })).statusCode).toBe(200);

      const root = new ICAL.Component(ICAL.parse((await t.app.inject({ method: "GET", url: path() })).body) as unknown[]);
      ICAL.TimezoneService.register(root.getFirstSubcomponent("vtimezone")!);
      try {
        const vevents = root
          .getAllSubcomponents("vevent")
          .filter((vevent) => vevent.getFirstPropertyValue("uid") === `series-${weekly.json().seriesId}@daywise`);
        const master = new ICAL.Event(vevents.find((vevent) => !vevent.hasProperty("recurrence-id"))!);
        for (const exception of vevents.filter((vevent) => vevent.hasProperty("recurrence-id")))
          master.relateException(new ICAL.Event(exception));
        const iterator = master.iterator();
        const seen: string[] = [];
        for (let next = iterator.next(); next && seen.length < 5; next = iterator.next()) {
          const details = master.getOccurrenceDetails(next);
          seen.push(`${details.startDate.toJSDate().toISOString()} ${details.item.summary}`);
        }
        expect(seen).toEqual([
          "2026-03-26T17:30:00.000Z Run",
          "2026-04-02T05:00:00.000Z Run",
          "2026-04-10T16:30:00.000Z Long run",
          "2026-04-23T16:30:00.000Z Run",
          "2026-04-30T16:30:00.000Z Run",
        ]);
      } finally {
        ICAL.TimezoneService.remove("Europe/Berlin");
      }
    });

    it("answers 304 to a poll that finds nothing new, and 200 once the plan changes", async () => {
      const first = await t.app.inject({ method: "GET", url: path() });
      const etag = first.headers.etag as string;
      expect(etag).toBeTruthy();
      const again = await t.app.inject({ method: "GET", url: path(), headers: { "if-none-match": etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe("");
      await t.app.inject({
        method: "POST",
        url: "/api/tasks",
        headers: user.mutatingHeaders,
        payload: { title: "New", date: "2026-03-24" },
      });
      const changed = await t.app.inject({ method: "GET", url: path(), headers: { "if-none-match": etag } });
      expect(changed.statusCode).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
    });

    it("revokes the feed: the old address is a 404, and so is any made-up one", async () => {
      const revoked = await t.app.inject({ method: "DELETE", url: "/api/calendar/feed", headers: user.mutatingHeaders });
      expect(revoked.statusCode).toBe(200);
      expect((await t.app.inject({ method: "GET", url: path() })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: `/calendar/${"a".repeat(43)}.ics` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: "GET", url: "/calendar/short.ics" })).statusCode).toBe(404);
      const renewed = await t.app.inject({ method: "POST", url: "/api/calendar/feed", headers: user.mutatingHeaders, payload: {} });
      expect(renewed.json().url).not.toBe(feedUrl);
    });

    it("needs no body to create or revoke the feed, but still its CSRF token", async () => {
      const owner = await signInTestUser(t.app);
      const feed = (method: "POST" | "DELETE", headers: Record<string, string>) =>
        t.app.inject({ method, url: "/api/calendar/feed", headers });
      // As curl -X POST and a browser's fetch without a body send it: no body, no content type.
      const created = await feed("POST", owner.mutatingHeaders);
      expect(created.statusCode, created.body).toBe(200);
      const url = created.json().url;
      const withJsonType = await feed("POST", { ...owner.mutatingHeaders, "content-type": "application/json" });
      expect(withJsonType.statusCode, withJsonType.body).toBe(200);
      expect(withJsonType.json().url).toBe(url);
      const unknownField = await t.app.inject({
        method: "POST",
        url: "/api/calendar/feed",
        headers: owner.mutatingHeaders,
        payload: { url: "mine" },
      });
      expect(unknownField.statusCode).toBe(400);

      expect((await feed("POST", owner.headers)).statusCode).toBe(403);
      expect((await feed("DELETE", owner.headers)).statusCode).toBe(403);
      expect((await feed("POST", { ...owner.headers, "x-csrf-token": "forged" })).statusCode).toBe(403);

      const revoked = await feed("DELETE", owner.mutatingHeaders);
      expect(revoked.statusCode, revoked.body).toBe(200);
      expect((await t.app.inject({ method: "GET", url: new URL(url).pathname })).statusCode).toBe(404);
      expect((await feed("DELETE", owner.mutatingHeaders)).statusCode).toBe(404);
      expect((await feed("POST", owner.mutatingHeaders)).statusCode).toBe(200);
      expect((await feed("DELETE", { ...owner.mutatingHeaders, "content-type": "application/json" })).statusCode).toBe(200);
    });
  });
});

describeEachDatabase("calendar addresses on private networks", (dialect) => {
  let t: TestApp;
  let ics2: IcsTestServer;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: NOW });
    ics2 = await startIcsTestServer();
  });
  afterAll(async () => {
    await t.close();
    await ics2.close();
  });

  it.each(["/work.ics", "/hop.ics"])("refuses a loopback address (%s) unless CALENDAR_ALLOW_PRIVATE_URLS is set", async (path) => {
    const user = await signInTestUser(t.app);
    for (const url of [
      ics2.url(path),
      ics2.url(path).replace("127.0.0.1", "localhost"),
      "http://[::1]:9/x.ics",
      "http://169.254.169.254/latest",
    ]) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/calendar/subscriptions",
        headers: user.mutatingHeaders,
        payload: { url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toContain("private network");
    }
  });
});
