// Each format's file read into an ImportPlan. File-level problems (not text, not CSV, not this format,
// another export version) are a 400 with the reason; a row that cannot be a task is skipped with its own.
import { parse } from "csv-parse/sync";
import type { z } from "zod";
import {
  type ImportFormat,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  exportRecordSchemas,
  IMPORT_FORMAT_NAMES,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_TOO_LARGE_MESSAGE,
} from "../../../shared/api/data-transfer.ts";
import type { TaskStatus } from "../../../shared/rules/task-status.ts";
import { AppError } from "../../app-error.ts";
import { readDate, readInstant, readTime } from "./import-dates.ts";
import { readHistory } from "./import-history.ts";
import {
  checkGoal,
  checkSeries,
  emptyPlan,
  fitDescription,
  fitEstimate,
  goalTitleProblem,
  type ImportPlan,
  type PlannedTask,
  readChecklistCell,
  taskProblem,
} from "./import-plan.ts";

export interface ImportContext {
  today: string;
  timeZone: string;
  sectionsAsGoals?: boolean;
}

const badFile = (message: string) => new AppError("bad_request", message);

function refuseBinary(content: string): void {
  const sample = content.slice(0, 65_536);
  const replaced = sample.match(/\uFFFD/g)?.length ?? 0;
  // eslint-disable-next-line no-control-regex
  const controls = sample.match(/[\u0000-\u0008\u000E-\u001F]/g)?.length ?? 0;
  if (sample.includes("\u0000") || controls + replaced > Math.max(8, sample.length / 100)) {
    throw badFile("The file is not text (it looks like a binary file): choose a CSV file or a Daywise JSON export");
  }
}

/** Records of the CSV with the line each starts on, from csv-parse; a malformed file is a 400 naming where. */
function csvRecords(content: string): { cells: string[]; line: number }[] {
  try {
    const records = parse(content, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    if (records.length > IMPORT_MAX_ROWS + 20) {
      throw badFile(`The file has ${records.length} rows; an import takes at most ${IMPORT_MAX_ROWS}: split it into smaller files`);
    }
    let previousEnd = 0;
    return records.map(({ record, info }) => {
      const line = previousEnd + 1;
      previousEnd = info.lines;
      return { cells: record, line };
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badFile(`The file is not valid CSV: ${(error as Error).message}`);
  }
}

/** Rows as objects keyed by the header's names, lower-cased and trimmed. */
function withHeader(records: { cells: string[]; line: number }[], headerIndex: number) {
  const names = records[headerIndex]!.cells.map((name) => name.trim().toLowerCase());
  return records.slice(headerIndex + 1).map(({ cells, line }) => {
    const row: Record<string, string> = {};
    names.forEach((name, index) => {
      if (name && row[name] === undefined) row[name] = (cells[index] ?? "").trim();
    });
    return { row, line };
  });
}

function addTask(plan: ImportPlan, task: PlannedTask): void {
  const problem = taskProblem(task);
  if (problem) plan.skipped.push({ row: task.row, reason: problem });
  else plan.tasks.push(task);
}

function goalKeyFor(plan: ImportPlan, title: string): string | null {
  const name = title.trim();
  if (name === "" || goalTitleProblem(name)) return null;
  const key = name.toLowerCase();
  if (!plan.goals.some((goal) => goal.key === key))
    plan.goals.push({ key, title: name, description: null, targetDate: null, status: "active" });
  return key;
}

function parseTodoist(content: string, context: ImportContext): ImportPlan {
  const records = csvRecords(content);
  const header = records[0]?.cells.map((name) => name.trim().toUpperCase()) ?? [];
  if (!header.includes("TYPE") || !header.includes("CONTENT")) {
    throw badFile(`This is not a ${IMPORT_FORMAT_NAMES["todoist-csv"]}: its first line has no TYPE and CONTENT columns`);
  }
  const plan = emptyPlan(true);
  let goalKey: string | null = null;
  let section: string | null = null;
  const parents: string[] = [];
  let last: PlannedTask | undefined;
  let root: PlannedTask | undefined;
  for (const { row, line } of withHeader(records, 0)) {
    const type = (row.type ?? "").toLowerCase();
    const text = row.content ?? "";
    if (type === "section") {
      section = text.trim() || null;
      if (context.sectionsAsGoals !== false) {
        goalKey = goalKeyFor(plan, text);
        if (goalKey === null && text.trim() !== "") plan.skipped.push({ row: line, reason: `Section: ${goalTitleProblem(text)}` });
      }
      last = root = undefined;
      continue;
    }
    // The project's view settings (view_style=board), not content.
    if (type === "meta") continue;
    if (type === "note") {
      if (last) last.description = fitDescription([last.description, text]);
      else if (text.trim() !== "") plan.skipped.push({ row: line, reason: "A note without a task above it" });
      continue;
    }
    if (type !== "task") {
      if (type !== "" || text.trim() !== "") plan.skipped.push({ row: line, reason: `TYPE "${row.type}" is not task, section or note` });
      continue;
    }
    const indent = Math.max(1, Number(row.indent) || 1);
    // Every deeper level is a step of its INDENT 1 task, in file order; its notes go to that task's description.
    if (indent > 1 && root) {
      if (text.trim() === "") plan.skipped.push({ row: line, reason: "The subtask has no title" });
      else (root.checklist ??= []).push({ title: text, done: false });
      if (row.description) root.description = fitDescription([root.description, `${text.trim()}: ${row.description}`]);
      last = root;
      continue;
    }
    parents.length = indent - 1;
    const notes: string[] = [];
    const priority = Number(row.priority);
    // Todoist's CSV: 1 is p1, the highest; 4 (or empty in exports) the default, left out.
    if (priority >= 1 && priority <= 3) notes.push(`Todoist priority: p${priority}`);
    if (parents.length > 0 && parents.at(-1)) notes.push(`Subtask of: ${parents.at(-1)}`);
    if (section && context.sectionsAsGoals === false) notes.push(`Todoist section: ${section}`);
    const when = readDate(row.date ?? "", context.today);
    if ("problem" in when) notes.push(`Todoist date: ${row.date}`);
    const amount = Number(row.duration);
    const unit = (row.duration_unit ?? "minute").toLowerCase();
    const estimate = row.duration
      ? fitEstimate(unit.startsWith("day") ? amount * 8 * 60 : unit.startsWith("hour") ? amount * 60 : amount)
      : null;
    const task: PlannedTask = {
      row: line,
      title: text.trim(),
      description: fitDescription([row.description, ...notes]),
      status: "todo",
      date: "problem" in when ? null : when.date,
      scheduledStartTime: "problem" in when ? null : when.time,
      estimatedDuration: estimate,
      goalKey,
      recurrence: "problem" in when ? null : when.recurrence,
    };
    parents[indent - 1] = task.title;
    addTask(plan, task);
    last = plan.tasks.at(-1) === task ? task : undefined;
    if (indent === 1) root = last;
  }
  return plan;
}

const TICKTICK_HEADER = ["folder name", "list name", "title"];

function parseTickTick(content: string, context: ImportContext): ImportPlan {
  const records = csvRecords(content);
  const headerIndex = records.findIndex(({ cells }) =>
    TICKTICK_HEADER.every((name, index) => (cells[index] ?? "").trim().toLowerCase() === name),
  );
  if (headerIndex === -1) {
    throw badFile(`This is not a ${IMPORT_FORMAT_NAMES["ticktick-csv"]}: no line starts "Folder Name","List Name","Title"`);
  }
  const plan = emptyPlan(true);
  const rows = withHeader(records, headerIndex);
  const byId = new Map(
    rows.flatMap((entry) => (entry.row.taskid && (entry.row.kind ?? "").toUpperCase() !== "NOTE" ? [[entry.row.taskid, entry]] : [])),
  );
  const rootOf = (row: Record<string, string>) => {
    const seen = new Set([row.taskid]);
    let top: (typeof rows)[number] | undefined;
    for (let next = byId.get(row.parentid ?? ""); next; next = byId.get(next.row.parentid ?? "")) {
      if (seen.has(next.row.taskid)) return undefined;
      seen.add(next.row.taskid);
      top = next;
    }
    return top;
  };
  const planned = new Map<Record<string, string>, PlannedTask>();
  const isDone = (row: Record<string, string>) => row.status === "1" || row.status === "2";
  for (const { row, line } of rows) {
    if ((row.kind ?? "").toUpperCase() === "NOTE") continue;
    const allDay = (row["is all day"] ?? "").toLowerCase() === "true";
    const zone = allDay && row.timezone ? row.timezone : context.timeZone;
    // TickTick's due time is a deadline: only its start date gives a start time.
    const start = readInstant(row["start date"] || "", zone);
    const due = readInstant(row["due date"] || "", zone) ?? start;
    const startTime = start && !allDay && start.date === due?.date ? start.time : null;
    const deadline = due && !allDay && due.time !== startTime ? `Due by ${due.time}` : null;
    const recurrence = (row.repeat ?? "").replace(/^RRULE:/i, "").trim() || null;
    const status = isDone(row) ? "done" : "todo";
    const completed = row["completed time"] ? readInstant(row["completed time"], "UTC") : null;
    const parentTitle = byId.get(row.parentid ?? "")?.row.title?.trim();
    const notes = [
      row.tags ? `Tags: ${row.tags}` : null,
      parentTitle ? `Subtask of: ${parentTitle}` : null,
      ["1", "3", "5"].includes(row.priority ?? "")
        ? `TickTick priority: ${{ 1: "low", 3: "medium", 5: "high" }[row.priority as "1"]}`
        : null,
    ];
    planned.set(row, {
      row: line,
      title: (row.title ?? "").trim(),
      description: fitDescription([row.content, deadline, ...notes]),
      status,
      date: due?.date ?? null,
      scheduledStartTime: startTime,
      estimatedDuration: null,
      goalKey: null,
      recurrence: due && recurrence && status === "todo" ? recurrence : null,
      completedAt: status === "done" ? (completed ? `${completed.date}T${completed.time}:00.000Z` : null) : null,
    });
  }
  for (const { row, line } of rows) {
    const task = planned.get(row);
    if (!task) {
      plan.skipped.push({ row: line, reason: "A TickTick note, not a task" });
      continue;
    }
    const root = rootOf(row);
    const parent = root && planned.get(root.row);
    // A subtask is a step of the top task its parent ids lead to (if it can be created), its notes in that one's description.
    if (parent && !taskProblem(parent)) {
      if (task.title === "") plan.skipped.push({ row: line, reason: "The subtask has no title" });
      else (parent.checklist ??= []).push({ title: task.title, done: isDone(row) });
      if (row.content) parent.description = fitDescription([parent.description, `${task.title}: ${row.content}`]);
      continue;
    }
    const listName = row["list name"] ?? "";
    task.goalKey = listName.toLowerCase() === "inbox" ? null : goalKeyFor(plan, listName);
    addTask(plan, task);
  }
  return plan;
}

const STATUS_WORDS: Record<string, TaskStatus> = {
  "": "todo",
  todo: "todo",
  "to do": "todo",
  open: "todo",
  inprogress: "todo",
  "in progress": "todo",
  done: "done",
  completed: "done",
  complete: "done",
  stalled: "stalled",
};

/** Undoes the tasks CSV's protection of a cell that would run as a formula (data-export.service.ts), and only that. */
function unprotected(cell: string): string {
  return /^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell;
}

function column(row: Record<string, string>, ...names: string[]): string {
  for (const name of names) if (row[name] !== undefined) return unprotected(row[name]);
  return "";
}

function parsePlainCsv(content: string, context: ImportContext): ImportPlan {
  const records = csvRecords(content);
  const header = records[0]?.cells.map((name) => name.trim().toLowerCase()) ?? [];
  if (!header.includes("title")) throw badFile("This CSV has no title column: its first line must name the columns, one of them title");
  const plan = emptyPlan(true);
  for (const { row, line } of withHeader(records, 0)) {
    const when = readDate(column(row, "date", "day", "due date"), context.today);
    if ("problem" in when) {
      plan.skipped.push({ row: line, reason: when.problem });
      continue;
    }
    const startText = column(row, "start time", "scheduled start time", "time");
    const time = readTime(startText);
    if (time === undefined) {
      plan.skipped.push({ row: line, reason: `The start time "${startText}" is not a time such as 09:30` });
      continue;
    }
    const statusText = column(row, "status").toLowerCase();
    const status = STATUS_WORDS[statusText];
    if (!status) {
      plan.skipped.push({ row: line, reason: `The status "${statusText}" is not todo, in progress, done or stalled` });
      continue;
    }
    const estimateText = column(row, "estimate", "estimated duration", "estimate (minutes)", "duration");
    addTask(plan, {
      row: line,
      title: column(row, "title"),
      description: fitDescription([column(row, "description", "notes")]),
      status,
      date: when.date,
      scheduledStartTime: time ?? when.time,
      estimatedDuration: fitEstimate(estimateText === "" ? null : Number(estimateText)),
      goalKey: goalKeyFor(plan, column(row, "goal")),
      recurrence: null,
      completedAt: null,
      checklist: readChecklistCell(column(row, "checklist", "steps")),
    });
  }
  return plan;
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === "object" && !Array.isArray(value);
const { goals: goalRecord, taskSeries: seriesRecord, tasks: taskRecord } = exportRecordSchemas;

function parseDaywiseJson(content: string): ImportPlan {
  let document: unknown;
  try {
    document = JSON.parse(content.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw badFile(`The file is not valid JSON: ${(error as Error).message}`);
  }
  if (!isObject(document) || document.format !== EXPORT_FORMAT) {
    throw badFile(`This is not a Daywise export: its "format" is not "${EXPORT_FORMAT}"`);
  }
  if (document.version !== EXPORT_VERSION) {
    throw badFile(`This Daywise export is version ${JSON.stringify(document.version)}; this server reads version ${EXPORT_VERSION}`);
  }
  const lists = ["goals", "taskSeries", "tasks", "rolloverSummaries", "dailyInsights", "weeklySummaries", "calendarSubscriptions"];
  const ai = isObject(document.aiAnalytics) ? document.aiAnalytics : {};
  const rows = [...lists.map((name) => document[name]), ai.breakdowns, ai.conversations].reduce<number>(
    (sum, value) => sum + (Array.isArray(value) ? value.length : 0),
    0,
  );
  if (rows > IMPORT_MAX_ROWS) {
    throw badFile(
      `The export has ${rows} rows (goals, repeating tasks, tasks and history); an import takes at most ${IMPORT_MAX_ROWS}: split it into smaller files`,
    );
  }
  /** The list's records that its schema reads, each with its row (from 1); one that is not an object, or has no id, is left out. */
  const records = <T>(name: string, schema: z.ZodType<T>) => {
    const list: unknown[] = Array.isArray(document[name]) ? document[name] : [];
    return list.flatMap((value, index) => {
      const parsed = schema.safeParse(value);
      return parsed.success ? [{ row: index + 1, record: parsed.data }] : [];
    });
  };
  const plan = emptyPlan(false);
  for (const { row, record: goal } of records("goals", goalRecord)) {
    const checked = checkGoal({ title: goal.title, description: goal.description, targetDate: goal.targetDate, status: goal.status });
    if ("problem" in checked) plan.skipped.push({ section: "Goals", row, reason: checked.problem });
    else plan.goals.push({ key: goal.id, ...checked.fields, createdAt: goal.createdAt, updatedAt: goal.updatedAt });
  }
  const goalKey = (id: string | null) => (id !== null && plan.goals.some((goal) => goal.key === id) ? id : null);
  for (const { row, record: series } of records("taskSeries", seriesRecord)) {
    const { id, goalId, createdAt, updatedAt, estimatedDuration, checklistTemplate, ...fields } = series;
    const checked = checkSeries({ ...fields, estimatedDuration: fitEstimate(estimatedDuration) });
    if ("problem" in checked) plan.skipped.push({ section: "Repeating tasks", row, reason: checked.problem });
    else plan.series.push({ key: id, ...checked.fields, checklistTemplate, goalKey: goalKey(goalId), createdAt, updatedAt });
  }
  const seriesKeys = new Set(plan.series.map((series) => series.key));
  // A file naming one occurrence day of a series twice keeps the first as the occurrence (a day holds one).
  const occurrences = new Set<string>();
  for (const { row, record: task } of records("tasks", taskRecord)) {
    const day = task.occurrenceDate;
    const occurrence = `${task.seriesId}|${day}`;
    const ofSeries =
      task.seriesId !== null && seriesKeys.has(task.seriesId) && !(day && occurrences.has(occurrence)) ? task.seriesId : null;
    if (ofSeries && day) occurrences.add(occurrence);
    const { id, goalId, goalTitle: _goalTitle, seriesId: _seriesId, description, estimatedDuration, ...fields } = task;
    addTask(plan, {
      ...fields,
      row,
      key: id,
      description: fitDescription([description]),
      estimatedDuration: fitEstimate(estimatedDuration),
      goalKey: goalKey(goalId),
      recurrence: null,
      seriesKey: ofSeries,
      occurrenceDate: ofSeries ? day : null,
    });
  }
  const { history, skipped } = readHistory(document);
  plan.history = history;
  plan.skipped.push(...skipped);
  return plan;
}

export function parseImport(format: ImportFormat, content: string, context: ImportContext): ImportPlan {
  if (Buffer.byteLength(content) > IMPORT_MAX_BYTES) throw new AppError("body_too_large", IMPORT_TOO_LARGE_MESSAGE);
  refuseBinary(content);
  if (content.trim() === "") throw badFile("The file is empty");
  switch (format) {
    case "daywise-json":
      return parseDaywiseJson(content);
    case "todoist-csv":
      return parseTodoist(content, context);
    case "ticktick-csv":
      return parseTickTick(content, context);
    case "csv":
      return parsePlainCsv(content, context);
  }
}
