import type { Task } from "../../../../shared/api/tasks.ts";
import { type QuickAddContext, parseQuickAdd, quickAddDate } from "../../../../shared/rules/quick-add.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { formatTime12h } from "../../../../shared/rules/format.ts";
import type { ThemeChoice } from "../../../lib/theme.ts";
import { dayChoices, futureDateLabel, shortDateLabel } from "../../tasks/index.ts";

export type PaletteAction =
  | { kind: "navigate"; to: string; state?: Record<string, unknown> }
  | { kind: "assistant" }
  | { kind: "add"; text: string }
  | { kind: "moveTask"; taskId: string; date: string | null }
  | { kind: "theme"; choice: ThemeChoice };

export interface PaletteCommand {
  id: string;
  label: string;
  hint?: string;
  icon: "board" | "goals" | "insights" | "settings" | "day" | "add" | "wrapUp" | "plan" | "assistant" | "task" | "theme";
  keywords?: string;
  action: PaletteAction;
}

/** today-page.tsx reads these. */
export const OPEN_WRAP_UP_STATE = { openWrapUp: true } as const;
export const OPEN_FUTURE_TASKS_STATE = { openFutureTasks: true } as const;
export const PLAN_DAY_STATE = { planDay: true } as const;

const STATUS_LABELS: Record<Task["status"], string> = { todo: "To Do", inprogress: "In Progress", done: "Done", stalled: "Stalled" };

const FIXED: PaletteCommand[] = [
  { id: "go-board", label: "Go to Today", icon: "board", keywords: "tasks board home", action: { kind: "navigate", to: "/" } },
  { id: "go-goals", label: "Go to Goals", icon: "goals", action: { kind: "navigate", to: "/goals" } },
  {
    id: "go-insights",
    label: "Go to Insights",
    icon: "insights",
    keywords: "weekly summaries",
    action: { kind: "navigate", to: "/insights" },
  },
  {
    id: "go-settings",
    label: "Go to Settings",
    icon: "settings",
    keywords: "preferences ai rollover notifications",
    action: { kind: "navigate", to: "/settings" },
  },
  {
    id: "wrap-up",
    label: "End Day",
    icon: "wrapUp",
    keywords: "wrap-up wrap up close rollover",
    action: { kind: "navigate", to: "/", state: OPEN_WRAP_UP_STATE },
  },
  {
    id: "plan-day",
    label: "Plan my day",
    icon: "plan",
    keywords: "schedule timebox timeline times",
    action: { kind: "navigate", to: "/", state: PLAN_DAY_STATE },
  },
  { id: "assistant", label: "Open the AI Assistant", icon: "assistant", keywords: "chat ask help", action: { kind: "assistant" } },
];

const THEME_KEYWORDS = "theme mode appearance colours colors switch";

function switchThemeCommand(isDark: boolean): PaletteCommand {
  return {
    id: "switch-theme",
    label: "Switch theme",
    hint: isDark ? "Light" : "Dark",
    icon: "theme",
    keywords: `${THEME_KEYWORDS} dark light night`,
    action: { kind: "theme", choice: isDark ? "light" : "dark" },
  };
}

/** Listed only when typed for: the empty palette keeps to one theme command. */
const THEME_CHOICES: PaletteCommand[] = (["light", "dark", "system"] as const).map((choice) => ({
  id: `theme-${choice}`,
  label: `Use the ${choice} theme`,
  icon: "theme",
  keywords: choice === "system" ? `${THEME_KEYWORDS} automatic device` : THEME_KEYWORDS,
  action: { kind: "theme", choice },
}));

export interface PaletteContext extends QuickAddContext {
  isDark?: boolean;
  /** The card that had focus on the board when the palette opened. */
  selectedTask?: Pick<Task, "id" | "title" | "date"> | null;
}

/** Move the selected task to Today, Tomorrow, Next week or No date; its own day is not offered. */
export function moveTaskCommands(task: Pick<Task, "id" | "title" | "date">, today: string): PaletteCommand[] {
  return dayChoices(today)
    .filter(({ date }) => date !== task.date)
    .map(({ label, date }) => ({
      id: `move-${label.toLowerCase().replace(" ", "-")}`,
      label: `Move “${task.title}” to ${label === "No date" ? "no date" : label}`,
      hint: date === null ? "Future Tasks" : shortDateLabel(date),
      icon: "day",
      keywords: "move reschedule postpone defer day date selected task",
      action: { kind: "moveTask", taskId: task.id, date },
    }));
}

function matches(command: PaletteCommand, words: string[]): boolean {
  const haystack = `${command.label} ${command.keywords ?? ""}`.toLowerCase().split(/[\s-]+/);
  return words.every((word) => haystack.some((candidate) => candidate.startsWith(word)));
}

export function taskCommand(task: Pick<Task, "id" | "title" | "date" | "status">, today: string): PaletteCommand {
  return {
    id: `task-${task.id}`,
    label: task.title,
    hint: `${futureDateLabel(task.date, today)} · ${STATUS_LABELS[task.status]}`,
    icon: "task",
    action:
      task.date === null ? { kind: "navigate", to: "/", state: OPEN_FUTURE_TASKS_STATE } : { kind: "navigate", to: `/?date=${task.date}` },
  };
}

export function matchCommands(query: string, context: PaletteContext): PaletteCommand[] {
  const moves = context.selectedTask ? moveTaskCommands(context.selectedTask, context.today) : [];
  const fixed = [...FIXED, switchThemeCommand(context.isDark ?? false)];
  const text = query.trim();
  if (text === "") return [...moves, ...fixed];
  const words = text.toLowerCase().split(/\s+/);
  const found = [...moves, ...fixed, ...THEME_CHOICES].filter((command) => matches(command, words));

  const parsed = parseQuickAdd(text, context);
  // Only a day ("tomorrow", "next fri", "dec 3"): going there comes first.
  const dayOnly = parsed.title === "" && typeof parsed.date === "string" && parsed.understood.length === 1;
  if (dayOnly) {
    found.unshift({
      id: "go-day",
      label: `Go to ${shortDateLabel(parsed.date as string)}`,
      hint: futureDateLabel(parsed.date as string, context.today),
      icon: "day",
      action: { kind: "navigate", to: `/?date=${parsed.date as string}` },
    });
  } else if (parsed.title !== "") {
    const details = [
      futureDateLabel(quickAddDate(parsed, context.today), context.today),
      parsed.recurrence ? describeRecurrence(parsed.recurrence) : "",
      parsed.scheduledStartTime ? formatTime12h(parsed.scheduledStartTime) : "",
      parsed.estimatedDuration !== null ? `${parsed.estimatedDuration} min` : "",
      parsed.goal ? parsed.goal.title : "",
    ].filter(Boolean);
    found.push({
      id: "add-task",
      label: `Add task “${parsed.title}”`,
      hint: details.join(" · "),
      icon: "add",
      action: { kind: "add", text },
    });
  }
  return found;
}
