import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type SignedInUser, signInTestUser } from "../../test/sign-in.ts";
import { createTestApp, describeEachDatabase, type TestApp } from "../../test/test-app.ts";

type Json = Record<string, unknown>;
type Item = { title: string; done: boolean };

const steps = (checklist: Item[]) => checklist.map((item) => `${item.done ? "[x]" : "[ ]"} ${item.title}`);

describeEachDatabase("import of checklists", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { now: new Date("2026-05-04T09:30:00Z") });
  });
  afterAll(() => t.close());

  const importFile = (user: SignedInUser, payload: Json) =>
    t.app.inject({ method: "POST", url: "/api/import", headers: user.mutatingHeaders, payload });
  const taskRows = (user: SignedInUser) =>
    t.db.kysely.selectFrom("tasks").selectAll().where("userId", "=", user.userId).orderBy("createdAt").execute();
  const search = async (user: SignedInUser, q: string) =>
    (await t.app.inject({ url: `/api/tasks/search?q=${q}`, headers: user.headers })).json().map((task: Json) => task.title);
  const call = async (user: SignedInUser, method: "POST" | "PATCH", url: string, payload: object) => {
    const response = await t.app.inject({ method, url, headers: user.mutatingHeaders, payload });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json();
  };

  it("makes a Todoist task's subtasks, at every deeper level, its steps in order; a repeating task's steps its series' template", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const boxes = Array.from({ length: 55 }, (_, index) => `task,${index === 1 ? "b".repeat(250) : `Box ${index + 1}`},,4,2,,,,,,,`);
    const content = [
      "TYPE,CONTENT,DESCRIPTION,PRIORITY,INDENT,AUTHOR,RESPONSIBLE,DATE,DATE_LANG,TIMEZONE,DURATION,DURATION_UNIT",
      "task,Pack for the trip,,4,1,,,2026-05-06,en,,,",
      "task,Passport,Check the expiry,4,2,,,,,,,",
      "task,Charger,,4,2,,,,,,,",
      "task,USB-C cable,,4,3,,,,,,,",
      "note,Ask about adapters,,,,,,,,,,",
      "task,Rain jacket,,4,2,,,,,,,",
      "task,,,4,2,,,,,,,",
      "task,Morning routine,,4,1,,,every day,en,,,",
      "task,Stretch,,4,2,,,,,,,",
      "task,Water the plants,,4,2,,,,,,,",
      "task,Big move,,4,1,,,,,,,",
      ...boxes,
    ].join("\n");
    const preview = (await importFile(user, { format: "todoist-csv", content, dryRun: true })).json();
    expect(preview.counts).toMatchObject({ tasks: 3, series: 1, skipped: 1 });
    expect(preview.skipped).toEqual([{ row: 8, reason: "The subtask has no title" }]);
    expect(preview.preview.map((row: Json) => row.title)).toEqual(["Pack for the trip", "Morning routine", "Big move"]);
    expect(preview.preview[2].description).toBe(["[ ] Box 51", "[ ] Box 52", "[ ] Box 53", "[ ] Box 54", "[ ] Box 55"].join("\n"));

    expect((await importFile(user, { format: "todoist-csv", content })).statusCode).toBe(200);
    const tasks = await taskRows(user);
    const task = (title: string) => tasks.find((row) => row.title === title)!;
    expect(tasks).toHaveLength(3);
    expect(steps(task("Pack for the trip").checklist)).toEqual(["[ ] Passport", "[ ] Charger", "[ ] USB-C cable", "[ ] Rain jacket"]);
    expect(task("Pack for the trip").description).toBe("Passport: Check the expiry\n\nAsk about adapters");
    const big = task("Big move").checklist;
    expect(big).toHaveLength(50);
    expect(big[1]!.title).toBe(`${"b".repeat(199)}…`);
    expect(big.map((item) => item.title).at(-1)).toBe("Box 50");
    expect(task("Big move").description).toBe(preview.preview[2].description);

    const [series] = await t.db.kysely.selectFrom("taskSeries").selectAll().where("userId", "=", user.userId).execute();
    expect(JSON.parse(series!.checklistTemplate)).toEqual(["Stretch", "Water the plants"]);
    expect(steps(task("Morning routine").checklist)).toEqual(["[ ] Stretch", "[ ] Water the plants"]);
    const tomorrow = (await t.app.inject({ url: "/api/tasks?date=2026-05-05", headers: user.headers })).json();
    expect(steps(tomorrow.find((row: Json) => row.title === "Morning routine").checklist)).toEqual(["[ ] Stretch", "[ ] Water the plants"]);

    expect(await search(user, "passp")).toEqual(["Pack for the trip"]);
  });

  it("makes a TickTick row whose parent id names another row a step of the top one, in file order, ticked from its status", async () => {
    const user = await signInTestUser(t.app, { timeZone: "Europe/London" });
    const row = (title: string, taskId: string, parentId = "", status = "0", content = "") =>
      `"","Reading","${title}","TEXT","${content}","","${status}","false","${taskId}","${parentId}"`;
    const content = [
      `"Folder Name","List Name","Title","Kind","Content","Due Date","Status","Is All Day","taskId","parentId"`,
      row("Chapter 1", "202", "201", "2"),
      row("Finish the novel", "201"),
      row("Chapter 2", "203", "201", "0", "Mind the footnotes"),
      row("Read the notes", "204", "203", "1"),
      row("", "301"),
      row("Orphan", "302", "301"),
      row("Ping", "401", "402"),
      row("Pong", "402", "401"),
      row("Lost parent", "501", "999"),
    ].join("\n");
    const result = (await importFile(user, { format: "ticktick-csv", content })).json();
    expect(result.counts).toMatchObject({ tasks: 5, skipped: 1 });
    expect(result.skipped).toEqual([{ row: 6, reason: "The task has no title" }]);
    const tasks = await taskRows(user);
    expect(tasks.map((task) => task.title)).toEqual(["Finish the novel", "Orphan", "Ping", "Pong", "Lost parent"]);
    const novel = tasks[0]!;
    expect(steps(novel.checklist)).toEqual(["[x] Chapter 1", "[ ] Chapter 2", "[x] Read the notes"]);
    expect(novel).toMatchObject({ status: "todo", description: "Chapter 2: Mind the footnotes" });
    expect(tasks.find((task) => task.title === "Ping")!.description).toBe("Subtask of: Pong");
    for (const task of tasks.slice(1)) expect(task.checklist).toEqual([]);
    expect(await search(user, "footn")).toEqual([]);
    expect(await search(user, "chapter")).toEqual(["Finish the novel"]);
  });

  it("writes the tasks CSV's checklist column and reads it back, a ';' and a backslash in a title escaped", async () => {
    const user = await signInTestUser(t.app);
    const trip = await call(user, "POST", "/api/tasks", { title: "Trip", date: "2026-05-04" });
    const passport = await call(user, "POST", `/api/tasks/${trip.id}/checklist`, { title: "Passport" });
    await call(user, "PATCH", `/api/tasks/${trip.id}/checklist/${passport.id}`, { done: true });
    await call(user, "POST", `/api/tasks/${trip.id}/checklist`, { title: "Charger; cable" });
    await call(user, "POST", `/api/tasks/${trip.id}/checklist`, { title: "Copy C:\\maps\\" });
    await call(user, "POST", "/api/tasks", { title: "Plain", date: "2026-05-04" });
    const exported = await t.app.inject({ url: "/api/export/tasks.csv", headers: user.headers });
    const rows = parse(exported.body, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.fromEntries(rows.map((row) => [row.title, row.checklist]))).toEqual({
      Trip: "[x] Passport; [ ] Charger\\; cable; [ ] Copy C:\\\\maps\\\\",
      Plain: "",
    });

    const fresh = await signInTestUser(t.app);
    const imported = await importFile(fresh, { format: "csv", content: exported.body });
    expect(imported.json().counts).toMatchObject({ tasks: 2, skipped: 0 });
    const tasks = await taskRows(fresh);
    const checklists = Object.fromEntries(tasks.map((task) => [task.title, steps(task.checklist)]));
    expect(checklists).toEqual({ Trip: ["[x] Passport", "[ ] Charger; cable", "[ ] Copy C:\\maps\\"], Plain: [] });

    const handWritten = 'title,checklist\nPack,"[x] Passport;[ ] Charger; Rain jacket ;; [X] Tickets; [ ]  "\n';
    const other = await signInTestUser(t.app);
    expect((await importFile(other, { format: "csv", content: handWritten })).statusCode).toBe(200);
    const [pack] = await taskRows(other);
    expect(steps(pack!.checklist)).toEqual(["[x] Passport", "[ ] Charger", "[ ] Rain jacket", "[x] Tickets"]);
  });
});
