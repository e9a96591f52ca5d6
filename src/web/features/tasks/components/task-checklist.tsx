import { DndContext, type DragEndEvent, useDraggable, useDroppable } from "@dnd-kit/core";
import { CSS } from "@dnd-kit/utilities";
import { useQueryClient } from "@tanstack/react-query";
import { type KeyboardEvent, useCallback, useId, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { CHECKLIST_ITEM_TITLE_MAX_LENGTH, CHECKLIST_MAX_ITEMS } from "../../../../shared/api/task-limits.ts";
import type { ChecklistItem, Task } from "../../../../shared/api/tasks.ts";
import { Input } from "../../../components/ui/input.tsx";
import { buttonVariants } from "../../../components/ui/button.tsx";
import { useDragSensors } from "../../../lib/drag-sensors.ts";
import { cn } from "../../../lib/utils.ts";
import { type ChecklistVariables, newChecklistItem, useChecklistChange } from "../api/checklist-items.ts";
import type { SeriesScope } from "../api/update-task.ts";
import type { ChecklistChange } from "../lib/optimistic-checklist.ts";
import { findCachedTask } from "../lib/optimistic-task-update.ts";
import { SeriesScopeDialog } from "./series-scope-dialog.tsx";
import { TaskIcon } from "./task-icons.tsx";

export const CHECKLIST_EDITING_ATTRIBUTE = "data-checklist-editing";

const ICON_BUTTON = cn(buttonVariants({ variant: "ghost", size: "icon-sm" }), "shrink-0");
const HANDLE =
  "flex size-8 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring active:cursor-grabbing";
const DRAG_INSTRUCTIONS = "Alt+ArrowUp or Alt+ArrowDown moves the step; drag it with a mouse or by touch.";

function useLiveTask(task: Task): Task {
  const queryClient = useQueryClient();
  const subscribe = useCallback((listener: () => void) => queryClient.getQueryCache().subscribe(listener), [queryClient]);
  return useSyncExternalStore(subscribe, () => findCachedTask(queryClient, task.id) ?? task);
}

export function TaskChecklist({ task: given }: { task: Task }) {
  const task = useLiveTask(given);
  const items = task.checklist;
  const change = useChecklistChange();
  const ids = { heading: useId(), add: useId(), instructions: useId(), message: useId() };
  const [draft, setDraft] = useState("");
  const [editingId, setEditingId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [addError, setAddError] = useState<string | null>(null);
  const [scope, setScope] = useState<SeriesScope | null>(task.seriesId === null ? "this" : null);
  const [asking, setAsking] = useState<ChecklistChange | null>(null);
  const refocus = useRef<HTMLElement | null>(null);
  const sensors = useDragSensors();
  useLayoutEffect(() => {
    const element = refocus.current;
    refocus.current = null;
    if (element?.isConnected && document.activeElement !== element) element.focus();
  }, [items]);

  function send(next: ChecklistChange, chosen: SeriesScope | null = scope) {
    const isTick = next.kind === "update" && Object.keys(next.patch).length === 1 && next.patch.done !== undefined;
    if (!isTick && chosen === null) {
      setAsking(next);
      return;
    }
    const variables: ChecklistVariables = { taskId: task.id, change: next };
    if (!isTick && chosen === "future") variables.scope = "future";
    change.mutate(variables);
  }

  function add() {
    const title = draft.trim();
    if (title === "") return;
    if (items.length >= CHECKLIST_MAX_ITEMS) {
      setAddError(`A task holds at most ${CHECKLIST_MAX_ITEMS} steps.`);
      return;
    }
    setAddError(null);
    send(newChecklistItem(title));
    setDraft("");
  }

  function move(item: ChecklistItem, to: number, viaKeyboard: boolean) {
    if (to < 0 || to >= items.length || to === item.position) return;
    send({ kind: "update", itemId: item.id, patch: { position: to } });
    setAnnouncement(`Moved "${item.title}" to position ${to + 1} of ${items.length}.`);
    // React moves the row's element, which drops its focus: given back once the list shows the move.
    if (viaKeyboard && document.activeElement instanceof HTMLElement) refocus.current = document.activeElement;
  }

  function handleDragEnd({ active, over }: DragEndEvent) {
    const item = items.find((candidate) => candidate.id === active.id);
    const target = items.find((candidate) => candidate.id === over?.id);
    if (item && target) move(item, target.position, false);
  }

  return (
    <section aria-labelledby={ids.heading} className="grid gap-2">
      <h3 id={ids.heading} className="text-sm leading-none font-medium">
        Checklist{" "}
        {items.length > 0 ? (
          <span className="ml-1 font-normal text-muted-foreground">
            {items.filter((item) => item.done).length}/{items.length}
          </span>
        ) : null}
      </h3>
      <p id={ids.instructions} className="sr-only">
        {DRAG_INSTRUCTIONS}
      </p>
      {items.length > 0 ? (
        <DndContext
          sensors={sensors}
          onDragEnd={handleDragEnd}
          accessibility={{ screenReaderInstructions: { draggable: DRAG_INSTRUCTIONS } }}
        >
          <ul className="grid gap-1">
            {items.map((item) => (
              <ChecklistRow
                key={item.id}
                item={item}
                count={items.length}
                instructionsId={ids.instructions}
                isEditing={editingId === item.id}
                onEdit={(editing) => setEditingId(editing ? item.id : null)}
                onChange={(patch) => send({ kind: "update", itemId: item.id, patch })}
                onDelete={() => send({ kind: "delete", itemId: item.id })}
                onMove={(to) => move(item, to, true)}
              />
            ))}
          </ul>
        </DndContext>
      ) : null}
      <Input
        id={ids.add}
        value={draft}
        aria-label="Add a step"
        placeholder="Add a step"
        autoComplete="off"
        maxLength={CHECKLIST_ITEM_TITLE_MAX_LENGTH}
        aria-describedby={addError ? ids.message : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          add();
        }}
      />
      {addError ? (
        <p id={ids.message} className="text-sm text-destructive">
          {addError}
        </p>
      ) : null}
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
      <SeriesScopeDialog
        open={asking !== null}
        onCancel={() => setAsking(null)}
        onChoose={(chosen) => {
          setScope(chosen);
          if (asking) send(asking, chosen);
          setAsking(null);
        }}
      />
    </section>
  );
}

interface ChecklistRowProps {
  item: ChecklistItem;
  count: number;
  instructionsId: string;
  isEditing: boolean;
  onEdit: (editing: boolean) => void;
  onChange: (patch: { title?: string; done?: boolean }) => void;
  onDelete: () => void;
  onMove: (to: number) => void;
}

function ChecklistRow({ item, count, instructionsId, isEditing, onEdit, onChange, onDelete, onMove }: ChecklistRowProps) {
  const { setNodeRef: setDragRef, listeners, transform, isDragging } = useDraggable({ id: item.id });
  const { setNodeRef: setDropRef, isOver } = useDroppable({ id: item.id });
  const [title, setTitle] = useState(item.title);
  const isSettled = useRef(false);

  function handleRowKeyDown(event: KeyboardEvent<HTMLLIElement>) {
    if (!event.altKey || (event.key !== "ArrowUp" && event.key !== "ArrowDown")) return;
    event.preventDefault();
    onMove(item.position + (event.key === "ArrowUp" ? -1 : 1));
  }

  function save() {
    if (isSettled.current) return;
    isSettled.current = true;
    const next = title.trim();
    if (next !== "" && next !== item.title) onChange({ title: next });
    onEdit(false);
  }

  return (
    <li
      ref={setDropRef}
      onKeyDown={handleRowKeyDown}
      style={{ transform: CSS.Translate.toString(transform) }}
      className={cn(
        "flex items-center gap-1 rounded-md bg-background",
        isDragging && "relative z-10 shadow-md",
        isOver && !isDragging && "ring-2 ring-indigo-300",
      )}
    >
      <button
        type="button"
        ref={setDragRef}
        data-drag-handle=""
        className={HANDLE}
        {...listeners}
        aria-label={`Move step "${item.title}", ${item.position + 1} of ${count}`}
        aria-describedby={instructionsId}
      >
        <TaskIcon name="grip" />
      </button>
      <input
        type="checkbox"
        checked={item.done}
        aria-label={item.title}
        className="size-4 shrink-0 accent-indigo-600"
        onChange={(event) => onChange({ done: event.target.checked })}
      />
      {isEditing ? (
        <Input
          autoFocus
          value={title}
          aria-label={`Step title, was "${item.title}"`}
          maxLength={CHECKLIST_ITEM_TITLE_MAX_LENGTH}
          className="h-8 flex-1"
          {...{ [CHECKLIST_EDITING_ATTRIBUTE]: "" }}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={save}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              save();
            } else if (event.key === "Escape") {
              event.preventDefault();
              isSettled.current = true;
              setTitle(item.title);
              onEdit(false);
            }
          }}
        />
      ) : (
        <button
          type="button"
          title="Rename"
          aria-label={`Rename "${item.title}"`}
          className={cn(
            "min-w-0 flex-1 rounded-sm px-1 py-1 text-left text-sm wrap-anywhere hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
            item.done && "text-muted-foreground line-through decoration-slate-400",
          )}
          onClick={() => {
            isSettled.current = false;
            setTitle(item.title);
            onEdit(true);
          }}
        >
          {item.title}
        </button>
      )}
      <button
        type="button"
        className={cn(ICON_BUTTON, "hover:bg-red-50 hover:text-red-700")}
        aria-label={`Delete step "${item.title}"`}
        onClick={onDelete}
      >
        <TaskIcon name="trash" />
      </button>
    </li>
  );
}
