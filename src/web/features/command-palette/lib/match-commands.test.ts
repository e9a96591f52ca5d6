import { describe, expect, it } from "vitest";
import { isPaletteShortcut } from "../components/command-palette-launcher.tsx";
import { matchCommands, taskCommand } from "./match-commands.ts";

// Tuesday 24 November 2026.
const context = { today: "2026-11-24", goals: [{ id: "g1", title: "Launch" }] };
const labels = (query: string) => matchCommands(query, context).map((command) => command.label);

describe("matchCommands with a card selected on the board", () => {
  const selectedTask = { id: "t1", title: "Write the brief", date: "2026-11-24" };

  it("offers first to move it to Tomorrow, Next week or no date (not to the day it is on)", () => {
    const moves = matchCommands("", { ...context, selectedTask }).slice(0, 3);
    expect(moves.map((command) => [command.label, command.hint, command.action])).toEqual([
      ["Move “Write the brief” to Tomorrow", "Wed, Nov 25", { kind: "moveTask", taskId: "t1", date: "2026-11-25" }],
      ["Move “Write the brief” to Next week", "Mon, Nov 30", { kind: "moveTask", taskId: "t1", date: "2026-11-30" }],
      ["Move “Write the brief” to no date", "Future Tasks", { kind: "moveTask", taskId: "t1", date: null }],
    ]);
  });

  it("finds them by 'move' or 'reschedule', and an unscheduled task's by Today", () => {
    const moves = (query: string, task: typeof selectedTask | { date: null; id: string; title: string }) =>
      matchCommands(query, { ...context, selectedTask: task })
        .map((command) => command.label)
        .filter((label) => label.startsWith("Move"));
    expect(moves("move next", selectedTask)).toEqual(["Move “Write the brief” to Next week"]);
    expect(moves("reschedule today", { ...selectedTask, date: null })).toEqual(["Move “Write the brief” to Today"]);
    expect(moves("go", selectedTask)).toEqual([]);
  });
});

describe("matchCommands", () => {
  it("lists every fixed command for an empty query", () => {
    expect(labels("")).toEqual([
      "Go to Today",
      "Go to Goals",
      "Go to Insights",
      "Go to Settings",
      "End Day",
      "Plan my day",
      "Open the AI Assistant",
      "Switch theme",
    ]);
  });

  it("switches to the theme not shown, and offers the three choices once typed for", () => {
    expect(matchCommands("", context).at(-1)).toMatchObject({
      label: "Switch theme",
      hint: "Dark",
      action: { kind: "theme", choice: "dark" },
    });
    expect(matchCommands("", { ...context, isDark: true }).at(-1)).toMatchObject({
      hint: "Light",
      action: { kind: "theme", choice: "light" },
    });
    expect(labels("theme")).toEqual([
      "Switch theme",
      "Use the light theme",
      "Use the dark theme",
      "Use the system theme",
      "Add task “theme”",
    ]);
    expect(labels("dark")).toEqual(["Switch theme", "Use the dark theme", "Add task “dark”"]);
    expect(matchCommands("system theme", context)).toMatchObject([
      { id: "theme-system", action: { kind: "theme", choice: "system" } },
      { id: "add-task" },
    ]);
    expect(labels("switch")).toContain("Switch theme");
  });

  it("finds commands by the start of any word of their label or keywords", () => {
    expect(labels("go")).toContain("Go to Goals");
    expect(labels("goal")).toEqual(["Go to Goals", "Add task “goal”"]);
    expect(labels("wrap")).toEqual(["End Day", "Add task “wrap”"]);
    expect(labels("ai")).toContain("Open the AI Assistant");
    expect(labels("go set")).toEqual(["Go to Settings", "Add task “go set”"]);
  });

  it("offers going to the day a text names, first, and no task for it", () => {
    const [first, ...rest] = matchCommands("tomorrow", context);
    expect(first).toMatchObject({ label: "Go to Wed, Nov 25", hint: "Tomorrow", action: { kind: "navigate", to: "/?date=2026-11-25" } });
    expect(rest.map((command) => command.id)).not.toContain("add-task");
    expect(matchCommands("next fri", context)[0]).toMatchObject({ action: { to: "/?date=2026-12-04" } });
  });

  it("offers adding a repeating task, from its first day", () => {
    expect(matchCommands("Gym every monday and thursday 7am", context).at(-1)).toMatchObject({
      label: "Add task “Gym”",
      hint: "Thursday · Every week on Monday and Thursday · 7:00 AM",
    });
    expect(matchCommands("Standup every day", context).at(-1)).toMatchObject({ hint: "Today · Every day" });
  });

  it("offers adding the text as a task, read as quick add reads it", () => {
    const add = matchCommands("Write the report 45m tomorrow 9am #Launch", context).at(-1);
    expect(add).toMatchObject({
      label: "Add task “Write the report”",
      hint: "Tomorrow · 9:00 AM · 45 min · Launch",
      action: { kind: "add", text: "Write the report 45m tomorrow 9am #Launch" },
    });
    expect(matchCommands("Call Anna", context).at(-1)).toMatchObject({ label: "Add task “Call Anna”", hint: "Today" });
  });
});

describe("taskCommand", () => {
  it("opens a found task's day, or the Future Tasks panel for an unscheduled one", () => {
    expect(taskCommand({ id: "t1", title: "Write the report", date: "2026-11-27", status: "inprogress" }, context.today)).toMatchObject({
      label: "Write the report",
      hint: "Friday · In Progress",
      action: { kind: "navigate", to: "/?date=2026-11-27" },
    });
    expect(taskCommand({ id: "t2", title: "Someday idea", date: null, status: "todo" }, context.today)).toMatchObject({
      hint: "Unscheduled · To Do",
      action: { kind: "navigate", to: "/", state: { openFutureTasks: true } },
    });
  });
});

describe("isPaletteShortcut", () => {
  const key = (init: Partial<KeyboardEvent>) => ({ key: "k", ctrlKey: false, metaKey: false, altKey: false, shiftKey: false, ...init });
  it("is Ctrl+K or Cmd+K, upper or lower case, and nothing else", () => {
    expect(isPaletteShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ metaKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({ key: "K", ctrlKey: true }))).toBe(true);
    expect(isPaletteShortcut(key({}))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ ctrlKey: true, altKey: true }))).toBe(false);
    expect(isPaletteShortcut(key({ key: "j", ctrlKey: true }))).toBe(false);
  });
});
