import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

type Json = Record<string, unknown>;

const exportOf = (lists: Json) => JSON.stringify({ format: "daywise-export", version: 1, ...lists });
const seriesRecord = (id: string, fields: Json = {}) => ({
  id,
  recurrence: "FREQ=DAILY",
  startDate: "2026-05-04",
  endDate: null,
  skippedDays: "",
  title: `Series ${id}`,
  description: null,
  estimatedDuration: null,
  scheduledStartTime: null,
  goalId: null,
  ...fields,
});

describeEachDatabase("import checks", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: new Date("2026-05-04T21:30:00Z") });
  });
  afterAll(() => t.close());

  const importFile = (user: SignedInUser, payload: Json) =>
    t.app.inject({ method: "POST", url: "/api/import", headers: user.mutatingHeaders, payload });
  const seriesOf = (user: SignedInUser) =>
    t.db.kysely.selectFrom("taskSeries").selectAll().where("userId", "=", user.userId).orderBy("title").execute();
  const taskRows = (user: SignedInUser) =>
    t.db.kysely.selectFrom("tasks").selectAll().where("userId", "=", user.userId).orderBy("title").execute();

  it("checks a Daywise export's repeating tasks, goals and tasks as the API does: each bad one skipped with its reason", async () => {
    const user = await signInTestUser(t.app);
    // Whatever the API answers for a series starting in the year 1000, the import does the same.
    const probe = await signInTestUser(t.app);
    const ancient = await t.app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: probe.mutatingHeaders,
      payload: { title: "Probe", date: "1000-01-01", recurrence: "FREQ=DAILY" },
    });
    const content = exportOf({
      goals: [
        { id: "g1", title: "Fine goal", description: null, targetDate: null, status: "active" },
        { id: "g2", title: "Wordy goal", description: "d".repeat(100_000), targetDate: null, status: "active" },
      ],
      taskSeries: [
        seriesRecord("good", { title: "  Stretch  ", scheduledStartTime: "07:30", goalId: "g1" }),
        seriesRecord("long", { title: "x".repeat(5_000) }),
        seriesRecord("time", { scheduledStartTime: "99:99" }),
        seriesRecord("text", { description: "d".repeat(100_000) }),
        seriesRecord("rule", { recurrence: "FREQ=SECONDLY" }),
        seriesRecord("skips", { skippedDays: "whenever" }),
        seriesRecord("ancient", { startDate: "1000-01-01" }),
      ],
      tasks: [
        { id: "t1", title: "Of a refused series", status: "todo", date: "2026-05-04", seriesId: "long", occurrenceDate: "2026-05-04" },
        { id: "t2", title: "Odd fields", status: "todo", date: "2026-05-04", createdAt: "z".repeat(100_000), trackedMinutes: 1e300 },
      ],
    });
    const response = await importFile(user, { format: "daywise-json", content });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    const ancientAccepted = ancient.statusCode === 201;
    expect(result.counts).toMatchObject({ goals: 1, series: ancientAccepted ? 2 : 1, tasks: 2 });
    const reasons = (result.skipped as Json[]).filter((skip) => skip.section !== undefined);
    expect(reasons).toEqual(
      expect.arrayContaining([
        { section: "Goals", row: 2, reason: expect.stringMatching(/^Not a valid record: description must be at most/) },
        { section: "Repeating tasks", row: 2, reason: expect.stringMatching(/^Not a valid record: title must be at most 200/) },
        { section: "Repeating tasks", row: 3, reason: expect.stringMatching(/^Not a valid record: scheduledStartTime must be a time/) },
        { section: "Repeating tasks", row: 4, reason: expect.stringMatching(/^Not a valid record: description must be at most/) },
        { section: "Repeating tasks", row: 5, reason: expect.stringMatching(/^Not a valid record: recurrence must not repeat more often/) },
        { section: "Repeating tasks", row: 6, reason: expect.stringMatching(/^Not a valid record: skippedDays/) },
      ]),
    );
    expect(reasons).toHaveLength(ancientAccepted ? 6 : 7);
    const stored = await seriesOf(user);
    expect(stored.map((row) => row.title)).toEqual(ancientAccepted ? ["Series ancient", "Stretch"] : ["Stretch"]);
    expect(stored.find((row) => row.title === "Stretch")).toMatchObject({ scheduledStartTime: "07:30", goalId: expect.any(String) });
    const tasks = await taskRows(user);
    expect(tasks.find((task) => task.title === "Of a refused series")).toMatchObject({ seriesId: null, occurrenceDate: null });
    const odd = tasks.find((task) => task.title === "Odd fields")!;
    expect(odd.createdAt).toBe("2026-05-04T21:30:00.001Z");
    expect(odd.trackedMinutes).toBe(0);
  });

  it("a repeat read from another app at the first day of the calendar is the API's answer, not a 500", async () => {
    const user = await signInTestUser(t.app);
    const content = [
      '"Folder Name","List Name","Title","Kind","Due Date","Repeat","Status","Timezone","Is All Day"',
      '"","Inbox","Ancient rite","TEXT","1000-01-01T00:00:00+0000","RRULE:FREQ=DAILY","0","UTC","true"',
    ].join("\n");
    const response = await importFile(user, { format: "ticktick-csv", content });
    expect(response.statusCode, response.body).toBe(200);
    expect((await taskRows(user)).map((task) => task.title)).toEqual(["Ancient rite"]);
  });

  it("a file naming one occurrence of a series twice keeps the first as the occurrence, the second as a single task", async () => {
    const user = await signInTestUser(t.app);
    const occurrence = { status: "todo", date: "2026-05-04", seriesId: "s", occurrenceDate: "2026-05-04" };
    const content = exportOf({
      taskSeries: [seriesRecord("s", { title: "Walk" })],
      tasks: [
        { ...occurrence, id: "a", title: "Walk" },
        { ...occurrence, id: "b", title: "Walk again" },
      ],
    });
    const response = await importFile(user, { format: "daywise-json", content });
    expect(response.statusCode, response.body).toBe(200);
    const tasks = await taskRows(user);
    expect(tasks.map((task) => [task.title, task.occurrenceDate, task.seriesId !== null])).toEqual([
      ["Walk", "2026-05-04", true],
      ["Walk again", null, false],
    ]);
  });

  it("counts every row of a Daywise export against the 20,000-row cap", async () => {
    const user = await signInTestUser(t.app);
    const taskSeries = Array.from({ length: 15_000 }, (_, index) => seriesRecord(`s${index}`));
    const goals = Array.from({ length: 6_000 }, (_, index) => ({ id: `g${index}`, title: `Goal ${index}`, status: "active" }));
    const response = await importFile(user, { format: "daywise-json", content: exportOf({ goals, taskSeries, tasks: [] }), dryRun: true });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "The export has 21000 rows (goals, repeating tasks, tasks and history); an import takes at most 20000: split it into smaller files",
    );
    expect(await seriesOf(user)).toEqual([]);
  });

  it("a day with thousands of imported repeating tasks is read: its occurrences go in statements under the parameter limits", async () => {
    const user = await signInTestUser(t.app);
    const taskSeries = Array.from({ length: 3_000 }, (_, index) => seriesRecord(`s${index}`, { title: `Routine ${index}` }));
    const imported = await importFile(user, { format: "daywise-json", content: exportOf({ taskSeries, tasks: [] }) });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json().counts.series).toBe(3_000);
    const day = await t.app.inject({ url: "/api/tasks?date=2026-05-05", headers: user.headers });
    expect(day.statusCode, day.body.slice(0, 200)).toBe(200);
    expect(day.json()).toHaveLength(3_000);
    const search = await t.app.inject({ url: "/api/tasks/search?q=routine%202999", headers: user.headers });
    expect(search.json().map((task: Json) => task.title)).toContain("Routine 2999");
  });

  it("importing the same export twice: the preview counts what looks like duplicates, and skipDuplicates leaves them out", async () => {
    const user = await signInTestUser(t.app);
    const call = async (method: "POST" | "GET", url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: user.mutatingHeaders, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json();
    };
    const goal = await call("POST", "/api/goals", { title: "Garden" });
    await call("POST", "/api/tasks", { title: "Weed the beds", date: "2026-05-04", scheduledStartTime: "09:30", goalId: goal.id });
    await call("POST", "/api/tasks", { title: "Water", date: "2026-05-04", recurrence: "FREQ=DAILY" });
    await call("POST", "/api/tasks", { title: "Someday", date: null });
    const content = (await t.app.inject({ url: "/api/export", headers: user.headers })).body;
    const before = (await taskRows(user)).length;

    const preview = (await importFile(user, { format: "daywise-json", content, dryRun: true })).json();
    // Three tasks, the series and the goal.
    expect(preview).toMatchObject({ duplicates: 5, counts: { tasks: 3, goals: 1, series: 1 } });
    const skipping = (await importFile(user, { format: "daywise-json", content, dryRun: true, skipDuplicates: true })).json();
    expect(skipping).toMatchObject({ duplicates: 5, counts: { tasks: 0, goals: 0, series: 0 } });
    const result = (await importFile(user, { format: "daywise-json", content, skipDuplicates: true })).json();
    expect(result).toMatchObject({ dryRun: false, duplicates: 5, counts: { tasks: 0, goals: 0, series: 0 } });
    expect(await taskRows(user)).toHaveLength(before);
    expect(await seriesOf(user)).toHaveLength(1);
    // The next day's read makes one occurrence of the one series.
    const next = await t.app.inject({ url: "/api/tasks?date=2026-05-05", headers: user.headers });
    expect(next.json().map((task: Json) => task.title)).toEqual(["Water"]);

    // Without the choice, an import still adds everything, as before.
    const again = (await importFile(user, { format: "daywise-json", content })).json();
    expect(again).toMatchObject({ duplicates: 5, counts: { tasks: 3, goals: 1, series: 1 } });
    expect(await taskRows(user)).toHaveLength(before + 1 + 3);
  });

  it("a CSV row is a duplicate of a task of the same day, title and start time; a new row or another time is not", async () => {
    const user = await signInTestUser(t.app);
    await importFile(user, { format: "csv", content: "title,date,start time\nWeed the beds,2026-05-04,09:30\nPlan,,\n" });
    const content = "title,date,start time\nWeed the beds,2026-05-04,09:30\nweed the beds,2026-05-04,10:00\nPlan,,\nNew,2026-05-04,\n";
    expect((await importFile(user, { format: "csv", content, dryRun: true })).json()).toMatchObject({
      duplicates: 2,
      counts: { tasks: 4 },
    });
    const result = (await importFile(user, { format: "csv", content, skipDuplicates: true })).json();
    expect(result).toMatchObject({ duplicates: 2, counts: { tasks: 2 } });
    expect((await taskRows(user)).map((task) => `${task.title} ${task.scheduledStartTime ?? ""}`).sort()).toEqual([
      "New ",
      "Plan ",
      "Weed the beds 09:30",
      "weed the beds 10:00",
    ]);
  });

  it("the tasks CSV comes back as it was: the apostrophe the export put before a formula is taken off, and only that one", async () => {
    const user = await signInTestUser(t.app);
    const titles = ["=SUM(A1:A2)", "+1 call", "-2 kg", "@home", "'quoted", "Plain"];
    const rows = titles.map((title) => `"${title.replaceAll('"', '""')}",2026-05-04,@work`);
    const first = await importFile(user, { format: "csv", content: ["title,date,goal", ...rows].join("\n") });
    expect(first.statusCode, first.body).toBe(200);
    const csv = (await t.app.inject({ url: "/api/export/tasks.csv", headers: user.headers })).body;
    expect((parse(csv, { bom: true, columns: true }) as Json[]).map((row) => row.title)).toContain("'=SUM(A1:A2)");

    const fresh = await signInTestUser(t.app);
    const back = await importFile(fresh, { format: "csv", content: csv });
    expect(back.statusCode, back.body).toBe(200);
    expect((await taskRows(fresh)).map((task) => task.title).sort()).toEqual([...titles].sort());
    const goals = (await t.app.inject({ url: "/api/goals", headers: fresh.headers })).json() as Json[];
    expect(goals.map((goal) => goal.title)).toEqual(["@work"]);
  });
});
