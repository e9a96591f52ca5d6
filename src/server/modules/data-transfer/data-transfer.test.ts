import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillAccount } from "../../test/account-data.ts";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";
import { exportDocumentSchema } from "../../../shared/api/data-transfer.ts";
import { tableEntries } from "../../db/table-owners.ts";
import { readDate } from "./import-dates.ts";

const fixture = (name: string) => readFileSync(new URL(`./test/${name}`, import.meta.url), "utf8");
type Json = Record<string, unknown>;
/** The counts of the kinds only a Daywise export brings, for the other formats. */
const noHistory = { rolloverSettings: 0, rolloverSummaries: 0, dailyInsights: 0, weeklySummaries: 0, aiRecords: 0 };
const HISTORY = ["rolloverSummaries", "dailyInsights", "weeklySummaries", "aiBreakdowns", "aiConversations"] as const;

/**
 * An export as another account would have it: each goal's, series' and task's id (wherever it is
 * referred to) replaced by its place among its kind's rows sorted by content, other rows' ids, the
 * profile, the time of export, calendars (never imported) and insights' source versions (the old
 * account's data versions) left out, every list sorted.
 */
function canonical(document: Json) {
  const { profile: _profile, exportedAt: _exportedAt, calendarSubscriptions: _calendars, ...rest } = document;
  const labels = new Map<string, string>();
  const content = (row: unknown) => JSON.stringify(row, (key, value: unknown) => (key === "id" || key.endsWith("Id") ? undefined : value));
  for (const kind of ["goals", "taskSeries", "tasks"]) {
    const rows = [...(rest[kind] as Json[])].sort((a, b) => content(a).localeCompare(content(b)));
    rows.forEach((row, index) => labels.set(row.id as string, `${kind} #${index}`));
  }
  const relabel = (value: unknown): unknown => {
    if (typeof value === "string") return labels.get(value) ?? value;
    if (Array.isArray(value)) return value.map(relabel);
    if (value === null || typeof value !== "object") return value;
    const entries = Object.entries(value).filter(([key]) => key !== "sourceVersion");
    return Object.fromEntries(entries.map(([key, field]) => [key, key === "id" && !labels.has(field as string) ? "(id)" : relabel(field)]));
  };
  const sorted = (rows: unknown) => (rows as unknown[]).map(relabel).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  const ai = rest.aiAnalytics as Json;
  return {
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [key, Array.isArray(value) ? sorted(value) : relabel(value)])),
    aiAnalytics: { breakdowns: sorted(ai.breakdowns), conversations: sorted(ai.conversations) },
  };
}

describe("import dates", () => {
  it.each([
    ["2026-05-04", "2026-05-04", null],
    ["2026/5/4", "2026-05-04", null],
    ["2026-05-04T09:30:00Z", "2026-05-04", "09:30"],
    ["4.5.2026", "2026-05-04", null],
    ["25/12/2026", "2026-12-25", null],
    ["12/25/2026", "2026-12-25", null],
    ["May 4, 2026", "2026-05-04", null],
    ["4 May 2026", "2026-05-04", null],
    ["tomorrow", "2026-05-05", null],
  ])("reads %s", (text, date, time) => {
    expect(readDate(text, "2026-05-04")).toMatchObject({ date, time });
  });

  it("refuses an ambiguous or unknown day with its reason", () => {
    expect(readDate("04/05/2026", "2026-05-04")).toEqual({ problem: expect.stringContaining("day/month or month/day") });
    expect(readDate("2026-02-30", "2026-05-04")).toEqual({ problem: expect.stringContaining("not a calendar date") });
    expect(readDate("whenever", "2026-05-04")).toEqual({ problem: expect.stringContaining("yyyy-MM-dd") });
  });
});

describeEachDatabase("export and import", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: new Date("2026-05-04T21:30:00Z") });
  });
  afterAll(() => t.close());

  const importFile = (user: SignedInUser, payload: Json) =>
    t.app.inject({ method: "POST", url: "/api/import", headers: user.mutatingHeaders, payload });
  const taskRows = (user: SignedInUser) =>
    t.db.kysely.selectFrom("tasks").selectAll().where("userId", "=", user.userId).orderBy("createdAt").orderBy("title").execute();
  const goalsOf = async (user: SignedInUser) => (await t.app.inject({ url: "/api/goals", headers: user.headers })).json() as Json[];
  const exportOf = async (user: SignedInUser) => (await t.app.inject({ url: "/api/export", headers: user.headers })).json() as Json;

  it("exports everything as one JSON download named by the user's today, without secrets or other users' data", async () => {
    const user = await signInTestUser(t.app, { name: "Ada", email: "ada@example.test", timeZone: "Asia/Tokyo" });
    const other = await signInTestUser(t.app);
    await fillAccount(t, user);
    await fillAccount(t, other);
    const response = await t.app.inject({ url: "/api/export", headers: user.headers });
    expect(response.statusCode).toBe(200);
    // 21:30 UTC is already the 5th in Tokyo.
    expect(response.headers["content-disposition"]).toBe('attachment; filename="daywise-export-2026-05-05.json"');
    const document = response.json();
    // Equal, not only valid: no field of the export needed the fallback the importer has for it.
    expect(exportDocumentSchema.parse(document)).toStrictEqual(document);
    const exported = tableEntries.flatMap(([, { exportedAs }]) => (exportedAs ? [exportedAs.split(".")[0]] : []));
    expect(Object.keys(document).sort()).toEqual([...new Set([...exported, "format", "version", "exportedAt"])].sort());
    expect(document).toMatchObject({
      format: "daywise-export",
      version: 1,
      profile: { name: "Ada", email: "ada@example.test", timeZone: "Asia/Tokyo" },
    });
    for (const section of ["tasks", "taskSeries", "goals", "rolloverSummaries", "dailyInsights", "weeklySummaries"]) {
      expect(document[section].length, section).toBeGreaterThan(0);
    }
    expect(document.rolloverSettings).toMatchObject({ maxRolloverDays: 5, autoRolloverEnabled: expect.any(Boolean) });
    expect(document.aiAnalytics.breakdowns).toHaveLength(1);
    expect(document.aiAnalytics.conversations).toHaveLength(1);
    const done = document.tasks.find((task: Json) => task.title === "Buy shoes");
    expect(done).toMatchObject({
      status: "done",
      goalTitle: "Run a marathon",
      estimatedDuration: 30,
      workSessionCount: expect.any(Number),
    });
    expect(done.completedAt).toEqual(expect.any(String));
    expect(document.tasks.find((task: Json) => task.title === "Morning run").recurrence).toBe("FREQ=WEEKLY;BYDAY=MO,WE");
    expect(document.calendarSubscriptions).toEqual([expect.objectContaining({ name: "Work", url: expect.stringMatching(/^cal\.test/) })]);
    expect(response.body).not.toContain(other.userId);
    expect(response.body).not.toMatch(/refreshHashes|accessToken|userId|work\.ics|"dw_/);
  });

  it("pages through more tasks than a page holds, in one document", async () => {
    const user = await signInTestUser(t.app);
    const csv = ["title,date", ...Array.from({ length: 2_345 }, (_, index) => `Task ${index},2026-05-04`)].join("\n");
    expect((await importFile(user, { format: "csv", content: csv })).statusCode).toBe(200);
    const document = await exportOf(user);
    expect(document.tasks).toHaveLength(2_345);
    expect(new Set((document.tasks as Json[]).map((task) => task.id)).size).toBe(2_345);
  });

  it("exports the tasks as spreadsheet-safe CSV: BOM, header row, CRLF, formulas neutralised", async () => {
    const user = await signInTestUser(t.app);
    await importFile(user, {
      format: "csv",
      content: 'title,description,goal\n"=HYPERLINK(""http://x"")","-2+3, ""quoted""\nsecond line",@goal\nplain,,',
    });
    const response = await t.app.inject({ url: "/api/export/tasks.csv", headers: user.headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="daywise-tasks-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.body.startsWith("\uFEFFtitle,description,date,start time,estimate,status,goal")).toBe(true);
    expect(response.body).toContain("\r\n");
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.title, row.description, row.goal]).sort()).toEqual([
      ['\'=HYPERLINK("http://x")', '\'-2+3, "quoted"\nsecond line', "'@goal"],
      ["plain", "", ""],
    ]);
  });

  it("lists every occurrence of a series up to today, read or not, and sorts the CSV by date (issue 56)", async () => {
    const user = await signInTestUser(t.app);
    const call = async (method: "POST" | "PATCH" | "GET", url: string, payload?: object) => {
      const headers = method === "GET" ? user.headers : user.mutatingHeaders;
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json();
    };
    await call("POST", "/api/tasks", { title: "Someday" });
    await call("POST", "/api/tasks", { title: "Later", date: "2026-05-07" });
    await call("POST", "/api/tasks", { title: "Water plants", date: "2026-04-28", recurrence: "FREQ=DAILY;INTERVAL=2" });
    await call("POST", "/api/tasks", { title: "One-off", date: "2026-05-01" });
    // Only the 30th is read, and done; the 2nd and the 4th were never opened.
    const read = (await call("GET", "/api/tasks?date=2026-04-30")) as Array<{ id: string; title: string }>;
    await call("PATCH", `/api/tasks/${read.find((task) => task.title === "Water plants")!.id}`, { status: "done" });

    const response = await t.app.inject({ url: "/api/export/tasks.csv", headers: user.headers });
    const rows = parse(response.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.date, row.title, row.status, row.recurrence])).toEqual([
      ["2026-04-28", "Water plants", "todo", "FREQ=DAILY;INTERVAL=2"],
      ["2026-04-30", "Water plants", "done", "FREQ=DAILY;INTERVAL=2"],
      ["2026-05-01", "One-off", "todo", ""],
      ["2026-05-02", "Water plants", "todo", "FREQ=DAILY;INTERVAL=2"],
      ["2026-05-04", "Water plants", "todo", "FREQ=DAILY;INTERVAL=2"],
      ["2026-05-07", "Later", "todo", ""],
      ["", "Someday", "todo", ""],
    ]);
  });

  const historyOf = async (user: SignedInUser) => ({
    rolloverSummaries: await t.db.kysely.selectFrom("rolloverSummaries").select("date").where("userId", "=", user.userId).execute(),
    dailyInsights: await t.db.kysely.selectFrom("dailyInsights").select("date").where("userId", "=", user.userId).execute(),
    weeklySummaries: await t.db.kysely.selectFrom("weeklySummaries").select("weekStartDate").where("userId", "=", user.userId).execute(),
    aiBreakdowns: await t.db.kysely.selectFrom("aiBreakdowns").select("id").where("userId", "=", user.userId).execute(),
    aiConversations: await t.db.kysely.selectFrom("aiConversations").select("id").where("userId", "=", user.userId).execute(),
  });

  /** fillAccount, plus work sessions (one ended, one running) and history marked as read. */
  async function fillEveryKind(user: SignedInUser) {
    await fillAccount(t, user);
    const call = async (method: "POST" | "PATCH" | "GET", url: string, payload?: object) => {
      const headers = method === "GET" ? user.headers : user.mutatingHeaders;
      const response = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
      return response.json();
    };
    const started = t.clock.now;
    const report = await call("POST", "/api/tasks", { title: "Write the report", date: "2026-05-04", estimatedDuration: 60 });
    const notes = await call("POST", "/api/tasks", { title: "Review notes", date: "2026-05-04" });
    await call("PATCH", `/api/tasks/${report.id}`, { status: "inprogress" });
    await call("PATCH", `/api/tasks/${notes.id}`, { status: "inprogress" });
    const outline = await call("POST", `/api/tasks/${report.id}/checklist`, { title: "Outline" });
    await call("POST", `/api/tasks/${report.id}/checklist`, { title: "Draft; then edit" });
    await call("PATCH", `/api/tasks/${report.id}/checklist/${outline.id}`, { done: true });
    await t.db.kysely
      .updateTable("taskSeries")
      .set({ checklistTemplate: JSON.stringify(["Lace up", "Warm up"]) })
      .where("userId", "=", user.userId)
      .execute();
    t.clock.advance(25 * 60_000);
    await call("PATCH", `/api/tasks/${report.id}`, { status: "done" });
    t.clock.now = started;
    await call("GET", "/api/ai/insights?date=2026-05-04");
    await call("PATCH", "/api/ai/insights/2026-05-04/viewed");
    const [week] = await call("GET", "/api/weekly-summaries");
    await call("PATCH", `/api/weekly-summaries/${week.id}/viewed`);
    await t.db.kysely.updateTable("aiBreakdowns").set({ suggestionsCreated: 2 }).where("userId", "=", user.userId).execute();
  }

  it("round trip: export, delete the account, import into a fresh user: the same data, history included", async () => {
    const user = await signInTestUser(t.app, { email: "leaving@example.test" });
    await fillEveryKind(user);
    const exported = await t.app.inject({ url: "/api/export", headers: user.headers });
    const first = exported.json();
    for (const section of ["tasks", "goals", "taskSeries", "rolloverSummaries", "dailyInsights", "weeklySummaries"]) {
      expect(first[section].length, section).toBeGreaterThan(0);
    }
    expect(first.tasks.find((task: Json) => task.title === "Write the report")).toMatchObject({
      trackedMinutes: 25,
      workSessionCount: 1,
      checklist: [
        { title: "Outline", done: true, position: 0 },
        { title: "Draft; then edit", done: false, position: 1 },
      ],
    });
    expect(first.taskSeries[0].checklistTemplate).toEqual(["Lace up", "Warm up"]);
    expect(first.tasks.find((task: Json) => task.title === "Review notes").currentSessionStartedAt).toEqual(expect.any(String));
    expect(first.rolloverSettings.maxRolloverDays).toBe(5);
    expect(Object.values(first.rolloverSummaries[0].taskIds).flat().length).toBeGreaterThan(0);
    expect(first.dailyInsights[0].viewed).toBe(true);
    expect(first.weeklySummaries[0].viewed).toBe(true);
    expect(first.aiAnalytics.breakdowns[0]).toMatchObject({ suggestionsCreated: 2, goalId: first.goals[0].id });
    const deleted = await t.app.inject({
      method: "DELETE",
      url: "/api/user",
      headers: user.mutatingHeaders,
      payload: { confirmEmail: "leaving@example.test" },
    });
    expect(deleted.statusCode).toBe(204);

    const fresh = await signInTestUser(t.app);
    const expected = {
      tasks: first.tasks.length,
      goals: 1,
      series: 1,
      skipped: 1,
      rolloverSettings: 1,
      rolloverSummaries: first.rolloverSummaries.length,
      dailyInsights: first.dailyInsights.length,
      weeklySummaries: 1,
      aiRecords: 2,
    };
    const preview = await importFile(fresh, { format: "daywise-json", content: exported.body, dryRun: true });
    expect(preview.statusCode).toBe(200);
    expect(preview.json()).toMatchObject({ dryRun: true, counts: expected });
    expect(preview.json().skipped).toEqual([
      {
        section: "Calendar subscriptions",
        row: 1,
        reason: expect.stringMatching(/^The calendar "Work" is not imported: .* shortened \(cal\.test\/…\), not the secret address/),
      },
    ]);
    expect(await taskRows(fresh)).toEqual([]);
    expect(Object.values(await historyOf(fresh)).flat()).toEqual([]);

    const imported = await importFile(fresh, { format: "daywise-json", content: exported.body });
    expect(imported.json()).toMatchObject({ dryRun: false, counts: expected });
    const again = await exportOf(fresh);
    expect(canonical(again)).toEqual(canonical(first));
    const [goal] = await goalsOf(fresh);
    expect(goal).toMatchObject({ title: "Run a marathon", totalTasksCount: 1, completedTasksCount: 1 });
    const search = await t.app.inject({ url: "/api/tasks/search?q=stretch", headers: fresh.headers });
    expect(search.json().map((task: Json) => task.title)).toEqual(["Stretch, then run"]);
    const byStep = await t.app.inject({ url: "/api/tasks/search?q=outline", headers: fresh.headers });
    expect(byStep.json().map((task: Json) => task.title)).toEqual(["Write the report"]);
    // A new occurrence of the imported routine starts from its template, unticked.
    const later = await t.app.inject({ url: "/api/tasks?date=2026-06-03", headers: fresh.headers });
    expect(later.json().find((task: Json) => task.title === "Morning run").checklist).toEqual([
      { id: expect.any(String), title: "Lace up", done: false, position: 0 },
      { id: expect.any(String), title: "Warm up", done: false, position: 1 },
    ]);
    // The imported day is worked out again for this account's data, and stays read.
    const insights = await t.app.inject({ url: "/api/ai/insights?date=2026-05-04", headers: fresh.headers });
    expect(insights.json()).toMatchObject({ viewed: true, insights: first.dailyInsights[0].insights.map(() => expect.any(Object)) });
    const settings = await t.app.inject({ url: "/api/rollover/settings", headers: fresh.headers });
    expect(settings.json()).toMatchObject({ maxRolloverDays: 5 });
  });

  it("imports the same export twice: the day records, weeks and AI records already there are skipped, not doubled", async () => {
    const user = await signInTestUser(t.app);
    await fillEveryKind(user);
    const content = (await t.app.inject({ url: "/api/export", headers: user.headers })).body;
    const fresh = await signInTestUser(t.app);
    expect((await importFile(fresh, { format: "daywise-json", content })).json().counts.rolloverSummaries).toBe(1);
    const once = await historyOf(fresh);

    const second = (await importFile(fresh, { format: "daywise-json", content })).json();
    expect(second.counts).toMatchObject({ ...noHistory, tasks: ((await exportOf(user)).tasks as Json[]).length });
    const reasons = Object.fromEntries(second.skipped.map((skip: Json) => [skip.section, skip.reason]));
    expect(reasons).toEqual({
      "Calendar subscriptions": expect.stringContaining("is not imported"),
      "Rollover summaries": "This account already has a rollover summary of 2026-05-04; it keeps its own",
      "Daily insights": "This account already has insights for 2026-05-04; it keeps its own",
      "Weekly summaries": expect.stringMatching(/^This account already has a weekly summary of the week of 2026-05-0\d; it keeps its own$/),
      "AI breakdowns": expect.stringMatching(/^This account already has this breakdown \(openai, 2026-/),
      "AI conversations": expect.stringMatching(/^This account already has this conversation \(openai, 2026-/),
    });
    expect(await historyOf(fresh)).toEqual(once);
    for (const kind of HISTORY) expect(once[kind], kind).toHaveLength(1);

    // An account with settings of its own keeps them; its other days still get the file's.
    const settled = await signInTestUser(t.app);
    await t.app.inject({
      method: "PATCH",
      url: "/api/rollover/settings",
      headers: settled.mutatingHeaders,
      payload: { maxRolloverDays: 9 },
    });
    const result = (await importFile(settled, { format: "daywise-json", content, dryRun: true })).json();
    expect(result.counts).toMatchObject({ rolloverSettings: 0, rolloverSummaries: 1 });
    expect(result.skipped).toContainEqual({
      section: "Rollover settings",
      row: 1,
      reason: "This account has its own rollover settings (not the defaults); it keeps them",
    });
    await importFile(settled, { format: "daywise-json", content });
    const settings = await t.app.inject({ url: "/api/rollover/settings", headers: settled.headers });
    expect(settings.json().maxRolloverDays).toBe(9);
  });

  it("skips a history record the API would not accept, with its reason, and keeps the rest", async () => {
    const user = await signInTestUser(t.app);
    const document = {
      format: "daywise-export",
      version: 1,
      tasks: [],
      rolloverSummaries: [{ id: "x", date: "2026-02-30" }],
      dailyInsights: [
        {
          date: "2026-05-01",
          insights: [{ type: "nonsense", title: "A", description: "B", priority: "low" }],
          viewed: false,
          provider: null,
          createdAt: "2026-05-01T08:00:00.000Z",
          updatedAt: "2026-05-01T08:00:00.000Z",
        },
      ],
      aiAnalytics: {
        breakdowns: [],
        conversations: [{ id: "c", provider: "openai", inputTokens: 1, outputTokens: 2, createdAt: "2026-05-01T08:00:00.000Z" }],
      },
    };
    const result = (await importFile(user, { format: "daywise-json", content: JSON.stringify(document) })).json();
    expect(result.counts).toMatchObject({ rolloverSummaries: 0, dailyInsights: 0, aiRecords: 1, skipped: 2 });
    expect(result.skipped).toEqual([
      { section: "Rollover summaries", row: 1, reason: expect.stringMatching(/^Not a valid record: /) },
      { section: "Daily insights", row: 1, reason: expect.stringMatching(/^Not a valid record: insights\.0\.type /) },
    ]);
    expect((await historyOf(user)).aiConversations).toHaveLength(1);
  });

  it("imports a Todoist project CSV: sections as goals, notes in the description, dates and repeats read, subtasks as steps", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const content = fixture("todoist-project.csv");
    const preview = (await importFile(user, { format: "todoist-csv", content, dryRun: true })).json();
    expect(preview.counts).toEqual({ ...noHistory, tasks: 4, goals: 1, series: 1, skipped: 1 });
    expect(preview.skipped).toEqual([{ row: 10, reason: "The task has no title" }]);
    expect(preview.preview.map((row: Json) => row.title)).toEqual(["Plan the week", "Inbox zero", "Long run @running", "Stretch"]);
    expect(await taskRows(user)).toEqual([]);

    const result = (await importFile(user, { format: "todoist-csv", content })).json();
    expect(result.preview).toEqual(preview.preview);
    const tasks = await taskRows(user);
    const task = (title: string) => tasks.find((row) => row.title === title)!;
    expect(task("Plan the week")).toMatchObject({ date: "2026-05-04", estimatedDuration: 30, seriesId: expect.any(String) });
    expect(task("Plan the week").description).toBe("Look at the calendar first\n\nTodoist priority: p1\n\nBring the notebook");
    expect(task("Inbox zero")).toMatchObject({ date: "2026-05-06", description: null, goalId: null });
    expect(task("Long run @running")).toMatchObject({
      date: "2026-05-05",
      estimatedDuration: 120,
      description: "Slow, 90 minutes\n\nTodoist priority: p2",
    });
    expect(task("Long run @running").checklist).toEqual([{ id: expect.any(String), title: "Buy gels", done: false, position: 0 }]);
    expect(tasks.map((row) => row.title)).not.toContain("Buy gels");
    expect(task("Stretch")).toMatchObject({ date: null, description: "Todoist priority: p3\n\nTodoist date: every other full moon" });
    const goals = await goalsOf(user);
    expect(goals).toEqual([expect.objectContaining({ title: "Marathon training", totalTasksCount: 2, completedTasksCount: 0 })]);
  });

  it("reads Todoist's meta row as no error, makes goals of sections only when asked, and warns of a second import's duplicates (issue 56)", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const header = "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT";
    const content = [
      header,
      "meta,view_style=board,,,,,,,,,,",
      "section,Garden,,,,,,,,,,",
      "task,Weed the beds,,4,1,Ada,,2026-05-06,en,,,",
    ].join("\n");
    const withoutGoals = (await importFile(user, { format: "todoist-csv", content, dryRun: true, sectionsAsGoals: false })).json();
    expect(withoutGoals.skipped).toEqual([]);
    expect(withoutGoals.counts).toMatchObject({ tasks: 1, goals: 0, skipped: 0 });
    expect(withoutGoals.preview).toEqual([
      expect.objectContaining({ title: "Weed the beds", goal: null, description: "Todoist section: Garden" }),
    ]);
    const first = (await importFile(user, { format: "todoist-csv", content, dryRun: false })).json();
    expect(first.counts).toMatchObject({ tasks: 1, goals: 1, skipped: 0 });
    expect(first.duplicates).toBe(0);
    const again = (await importFile(user, { format: "todoist-csv", content, dryRun: true })).json();
    expect(again.duplicates).toBe(1);
    expect(again.counts).toMatchObject({ goals: 0 });
    // A project with a repeating task, a dated one, an undated one and a section's, imported twice.
    const project = fixture("todoist-project.csv");
    expect((await importFile(user, { format: "todoist-csv", content: project })).json().duplicates).toBe(0);
    const twice = (await importFile(user, { format: "todoist-csv", content: project, dryRun: true })).json();
    expect(twice.duplicates).toBe(4);
    // A task moved on (rolled over, or by hand) since the first import is still the file's row.
    const [weed] = (await t.db.kysely
      .selectFrom("tasks")
      .select("id")
      .where("userId", "=", user.userId)
      .where("title", "=", "Weed the beds")
      .execute())!;
    await t.app.inject({ method: "PATCH", url: `/api/tasks/${weed!.id}`, headers: user.mutatingHeaders, payload: { date: "2026-05-08" } });
    expect((await importFile(user, { format: "todoist-csv", content, dryRun: true })).json().duplicates).toBe(1);
  });

  it("reads TickTick's due time as a deadline, not a start time (issue 56)", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const content = fixture("ticktick-backup.csv").replace(
      '"Personal","Reading","Finish the novel","TEXT","","","N","","2026-05-03T23:00:00+0000","","","0","0","2026-05-01T10:00:00+0000","","0","Europe/London","true"',
      '"Personal","Reading","Finish the novel","TEXT","","","N","","2026-05-06T16:00:00+0000","","","0","0","2026-05-01T10:00:00+0000","","0","Europe/London","false"',
    );
    const result = (await importFile(user, { format: "ticktick-csv", content, dryRun: true })).json();
    expect(result.preview.find((row: Json) => row.title === "Finish the novel")).toMatchObject({
      date: "2026-05-06",
      scheduledStartTime: null,
      description: "Due by 17:00",
    });
    // A start date still gives the start time.
    expect(result.preview.find((row: Json) => row.title === "Call the plumber")).toMatchObject({ scheduledStartTime: "09:00" });
  });

  it("imports a TickTick backup CSV past its preamble: lists as goals, completed tasks kept done, subtasks as steps", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const result = (await importFile(user, { format: "ticktick-csv", content: fixture("ticktick-backup.csv") })).json();
    expect(result.counts).toEqual({ ...noHistory, tasks: 3, goals: 1, series: 1, skipped: 1 });
    expect(result.skipped).toEqual([{ row: 12, reason: "A TickTick note, not a task" }]);
    const tasks = await taskRows(user);
    const task = (title: string) => tasks.find((row) => row.title === title)!;
    expect(task("Call the plumber")).toMatchObject({ date: "2026-05-05", scheduledStartTime: "09:00", goalId: null });
    expect(task("Call the plumber").description).toBe("About the leak\n\nTags: home\n\nTickTick priority: high");
    expect(task("Finish the novel")).toMatchObject({ date: "2026-05-04", scheduledStartTime: null });
    expect(task("Finish the novel").checklist).toEqual([{ id: expect.any(String), title: "Chapter 12", done: true, position: 0 }]);
    expect(tasks.map((row) => row.title)).not.toContain("Chapter 12");
    expect(task("Water the plants")).toMatchObject({ date: "2026-05-09", seriesId: expect.any(String) });
    expect(await goalsOf(user)).toEqual([expect.objectContaining({ title: "Reading", totalTasksCount: 1, completedTasksCount: 0 })]);
  });

  it("imports a plain CSV: headers in any case, a BOM, Windows line ends, an existing goal matched by title", async () => {
    const user = await signInTestUser(t.app);
    await t.app.inject({ method: "POST", url: "/api/goals", headers: user.mutatingHeaders, payload: { title: "Garden" } });
    const content =
      "\uFEFFTitle,Description,DATE,Start Time,Estimate,Status,Goal\r\n" +
      "Weed the beds,Before rain,2026-05-04,9:30,45,done,garden\r\n" +
      "Buy seeds,,04/05/2026,,,todo,\r\n" +
      `${"x".repeat(10_000)},,,,,,\r\n` +
      "Plant beans,,May 6 2026,2pm,600,,Vegetables\r\n";
    const result = (await importFile(user, { format: "csv", content })).json();
    expect(result.counts).toEqual({ ...noHistory, tasks: 2, goals: 1, series: 0, skipped: 2 });
    expect(result.skipped).toEqual([
      { row: 3, reason: expect.stringContaining('"04/05/2026" could be day/month or month/day') },
      { row: 4, reason: "The title has 10000 characters, more than 200" },
    ]);
    expect(result.preview).toEqual([
      expect.objectContaining({
        title: "Weed the beds",
        status: "done",
        scheduledStartTime: "09:30",
        estimatedDuration: 45,
        goal: "Garden",
      }),
      expect.objectContaining({
        title: "Plant beans",
        date: "2026-05-06",
        scheduledStartTime: "14:00",
        estimatedDuration: 480,
        goal: "Vegetables",
      }),
    ]);
    const goals = await goalsOf(user);
    expect(goals.map((goal) => [goal.title, goal.totalTasksCount, goal.completedTasksCount]).sort()).toEqual([
      ["Garden", 1, 1],
      ["Vegetables", 1, 0],
    ]);
  });

  it("imports 10,000 rows in one go", async () => {
    const user = await signInTestUser(t.app);
    const content = [
      "title,date,estimate",
      ...Array.from({ length: 10_000 }, (_, index) => `Row ${index} of many,2026-05-0${(index % 9) + 1},30`),
    ].join("\n");
    const started = performance.now();
    const result = await importFile(user, { format: "csv", content });
    expect(result.statusCode).toBe(200);
    expect(result.json().counts.tasks).toBe(10_000);
    expect(performance.now() - started).toBeLessThan(30_000);
    expect(await taskRows(user)).toHaveLength(10_000);
  });

  it("refuses bad files with a clear 4xx and writes nothing", async () => {
    const user = await signInTestUser(t.app);
    const cases: Array<[Json, number, RegExp]> = [
      [{ format: "csv", content: "\u0000\u0001PK\u0003\u0004binary\uFFFD\uFFFD" }, 400, /not text/],
      [{ format: "csv", content: 'title,description\n"unterminated,quote\nnext,row' }, 400, /not valid CSV: .*[Qq]uote/],
      [{ format: "todoist-csv", content: "title,date\nA,2026-05-04" }, 400, /not a Todoist CSV/],
      [{ format: "ticktick-csv", content: "title,date\nA,2026-05-04" }, 400, /not a TickTick backup CSV/],
      [{ format: "csv", content: "name,date\nA,2026-05-04" }, 400, /no title column/],
      [{ format: "daywise-json", content: "{ not json" }, 400, /not valid JSON/],
      [
        { format: "daywise-json", content: '{"format":"daywise-export","version":2,"tasks":[]}' },
        400,
        /version 2; this server reads version 1/,
      ],
      [{ format: "daywise-json", content: '{"tasks":[]}' }, 400, /not a Daywise export/],
      [{ format: "xlsx", content: "a" }, 400, /format/],
      [{ format: "csv", content: "   " }, 400, /empty/],
    ];
    for (const [payload, status, message] of cases) {
      const response = await importFile(user, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(status);
      expect(response.json().message).toMatch(message);
    }
    const huge = await t.app.inject({
      method: "POST",
      url: "/api/import",
      headers: { ...user.mutatingHeaders, "content-type": "application/json" },
      payload: JSON.stringify({ format: "csv", content: `title\n${"a".repeat(20 * 1024 * 1024)}` }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      message: "The file is larger than the 10 MB import limit: split it into smaller files",
      code: "body_too_large",
    });
    // Under the body's limit once escaped, over the file's: the same answer.
    const escaped = await importFile(user, { format: "csv", content: `title\n${"a".repeat(10 * 1024 * 1024 + 10)}` });
    expect(escaped.statusCode).toBe(413);
    expect(escaped.json().message).toMatch(/10 MB import limit/);
    expect(await taskRows(user)).toEqual([]);
  });

  it("needs a session and the CSRF token, and imports only into the caller's account", async () => {
    const user = await signInTestUser(t.app);
    const payload = { format: "csv", content: "title\nMine" };
    expect((await t.app.inject({ url: "/api/export" })).statusCode).toBe(401);
    expect((await t.app.inject({ url: "/api/export/tasks.csv" })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "POST", url: "/api/import", headers: user.headers, payload })).statusCode).toBe(403);
    const other = await signInTestUser(t.app);
    await importFile(other, payload);
    expect(await taskRows(user)).toEqual([]);
    expect((await exportOf(user)).tasks).toEqual([]);
  });
});
