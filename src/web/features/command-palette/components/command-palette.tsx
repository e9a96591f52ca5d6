import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  Bot,
  CalendarClock,
  CalendarDays,
  CircleCheck,
  LayoutList,
  Plus,
  Search,
  Settings,
  Sparkles,
  SunMoon,
  Sunset,
  Target,
  type LucideIcon,
} from "lucide-react";
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { parseQuickAdd, quickAddDate, quickAddTaskInput } from "../../../../shared/rules/quick-add.ts";
import { Dialog, DialogContent, DialogDescription, DialogTitle, useDialogOpen } from "../../../components/ui/dialog.tsx";
import { useKeptDialogBody, useStartAgainOnOpen } from "../../../components/ui/kept-dialog-body.tsx";
import { toast } from "../../../components/ui/use-toast.ts";
import { setThemeChoice } from "../../../lib/theme.ts";
import { useThemeChoice } from "../../../lib/use-theme-choice.ts";
import { cn } from "../../../lib/utils.ts";
import { useAIContext } from "../../ai-chat/index.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { findCachedTask, futureDateLabel, useCreateTask, useTaskMoves, useToday } from "../../tasks/index.ts";
import { useTaskSearch } from "../api/search-tasks.ts";
import { type PaletteCommand, matchCommands, taskCommand } from "../lib/match-commands.ts";
import { isolate } from "../../../lib/bidi.ts";

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The board's focused card when the palette opened: it offers to move that task. */
  selectedTaskId?: string | null;
}

const ICONS: Record<PaletteCommand["icon"], LucideIcon> = {
  board: LayoutList,
  goals: Target,
  insights: Sparkles,
  settings: Settings,
  day: CalendarDays,
  add: Plus,
  wrapUp: Sunset,
  plan: CalendarClock,
  assistant: Bot,
  task: CircleCheck,
  theme: SunMoon,
};

export function CommandPalette({ open, onOpenChange, selectedTaskId = null }: CommandPaletteProps) {
  const palette = useKeptDialogBody(open, (opens) => (
    <PaletteBody close={() => onOpenChange(false)} selectedTaskId={selectedTaskId} opens={opens} />
  ));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {palette.body}
      <DialogContent
        {...palette.contentProps}
        className="top-[15%] translate-y-0 gap-0 p-0 sm:top-[15%] sm:max-w-xl"
        aria-describedby={undefined}
      >
        {palette.slot}
      </DialogContent>
    </Dialog>
  );
}

interface PaletteBodyProps {
  close: () => void;
  selectedTaskId: string | null;
  opens: number;
}

function PaletteBody({ close, selectedTaskId, opens }: PaletteBodyProps) {
  const isOpen = useDialogOpen();
  const navigate = useNavigate();
  const assistant = useAIContext();
  const today = useToday();
  const goals = useQuery({ ...goalsQueryOptions(), enabled: isOpen }).data;
  const createTask = useCreateTask();
  const queryClient = useQueryClient();
  // Read once as the palette opens: the card's task as the board shows it.
  const readSelectedTask = () => (selectedTaskId ? (findCachedTask(queryClient, selectedTaskId) ?? null) : null);
  const [selectedTask, setSelectedTask] = useState(readSelectedTask);
  const moves = useTaskMoves({ today, viewedDate: today });
  const { isDark } = useThemeChoice();
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  useStartAgainOnOpen(opens, () => {
    setSelectedTask(readSelectedTask());
    setQuery("");
    setActive(0);
  });
  const field = useRef<HTMLInputElement>(null);
  // Radix does not move focus again when the palette reopens during its closing animation.
  useEffect(() => {
    if (isOpen) field.current?.focus();
  }, [isOpen, opens]);

  const goalChoices = useMemo(() => (goals ?? []).map(({ id, title }) => ({ id, title })), [goals]);
  const search = useTaskSearch(isOpen ? query : "");
  const commands = useMemo(() => {
    const matched = matchCommands(query, { today, goals: goalChoices, isDark, selectedTask });
    const found = (search.data ?? []).map((task) => taskCommand(task, today));
    const addAt = matched.findIndex((command) => command.id === "add-task");
    return addAt === -1 ? [...matched, ...found] : [...matched.slice(0, addAt), ...found, ...matched.slice(addAt)];
  }, [query, today, goalChoices, isDark, search.data, selectedTask]);
  const activeIndex = Math.min(active, Math.max(0, commands.length - 1));

  function run(command: PaletteCommand) {
    close();
    const action = command.action;
    switch (action.kind) {
      case "navigate":
        void navigate(action.to, action.state ? { state: action.state } : undefined);
        return;
      case "assistant":
        assistant.open();
        return;
      case "theme":
        setThemeChoice(action.choice);
        return;
      case "moveTask":
        if (selectedTask?.id === action.taskId) moves.moveToDay(selectedTask, action.date);
        return;
      case "add": {
        const parsed = parseQuickAdd(action.text, { today, goals: goalChoices });
        // Shown at once, as quick add does: offline the create waits in the outbox; the mutation toasts a refusal.
        createTask.mutate(quickAddTaskInput(parsed, today));
        const day = futureDateLabel(quickAddDate(parsed, today), today);
        toast({ title: "Task created successfully", description: `${isolate(parsed.title)} · ${day}` });
        return;
      }
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (commands.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((activeIndex + step + commands.length) % commands.length);
    } else if (event.key === "Home" || event.key === "End") {
      event.preventDefault();
      setActive(event.key === "Home" ? 0 : commands.length - 1);
    } else if (event.key === "Enter") {
      event.preventDefault();
      run(commands[activeIndex]!);
    }
  }

  return (
    <>
      <DialogTitle className="sr-only">Command palette</DialogTitle>
      <DialogDescription className="sr-only">
        Type to find a page, a day or an action, or a task to add. Arrow keys choose, Enter runs, Escape closes.
      </DialogDescription>
      <div className="flex items-center gap-2 border-b border-slate-200 px-4">
        <Search className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
        <input
          ref={field}
          role="combobox"
          aria-label="Command"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={commands.length > 0 ? optionId(activeIndex) : undefined}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="Go to a page or a day, or add a task…"
          autoComplete="off"
          spellCheck={false}
          className="h-12 w-full bg-transparent text-sm outline-none placeholder:text-slate-500"
        />
      </div>
      <ul id={listId} role="listbox" aria-label="Commands" className="max-h-80 overflow-y-auto p-2">
        {commands.map((command, index) => {
          const Icon = ICONS[command.icon];
          return (
            <li
              key={command.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              onMouseMove={() => setActive(index)}
              onClick={() => run(command)}
              className={cn(
                "flex cursor-pointer items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800",
                index === activeIndex && "bg-indigo-50 text-indigo-900",
              )}
            >
              <Icon className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
              <span className="min-w-0 flex-1 truncate">{command.label}</span>
              {command.hint ? <span className="shrink-0 text-xs text-slate-600">{command.hint}</span> : null}
            </li>
          );
        })}
        {commands.length === 0 ? <li className="px-3 py-6 text-center text-sm text-slate-600">No matching command</li> : null}
        {search.isError ? <li className="px-3 py-2 text-sm text-red-700">Could not search your tasks; try again</li> : null}
      </ul>
    </>
  );
}
