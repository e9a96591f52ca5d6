import { useEffect, useRef } from "react";
import type { Task } from "../../../../shared/api/tasks.ts";
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";
import { boardShortcutFor } from "../lib/board-shortcuts.ts";

export interface BoardShortcutActions {
  onNew(): void;
  onMove(task: Task, status: BoardColumnStatus): void;
  onEdit(task: Task): void;
  onMoveToDay(task: Task): void;
  onDelete(task: Task): void;
  onHelp(): void;
}

const CARD = "li[data-task-id]";
const focusTarget = (card: Element) => card.querySelector<HTMLElement>("button, [tabindex]");

function isTypingIn(element: Element | null): boolean {
  if (!(element instanceof HTMLElement)) return false;
  if (element.isContentEditable) return true;
  if (element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement) return true;
  if (element instanceof HTMLInputElement) return !["button", "checkbox", "radio", "submit", "reset", "range"].includes(element.type);
  return element.getAttribute("role") === "combobox" || element.getAttribute("role") === "textbox";
}

/** A move re-renders the card as a new element in its new column, so the old one must be gone first. */
function refocusMovedCard(taskId: string, oldCard: Element, framesLeft = 60): void {
  requestAnimationFrame(() => {
    const card = document.querySelector(`${CARD}[data-task-id="${CSS.escape(taskId)}"]`);
    const target = card && card !== oldCard ? focusTarget(card) : null;
    if (target) target.focus();
    else if (framesLeft > 0) refocusMovedCard(taskId, oldCard, framesLeft - 1);
  });
}

export function useBoardShortcuts(tasks: readonly Task[] | undefined, actions: BoardShortcutActions): void {
  const latest = useRef({ tasks, actions });
  useEffect(() => {
    latest.current = { tasks, actions };
  });

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.repeat) return;
      const active = document.activeElement;
      const card = active?.closest(CARD) ?? null;
      const shortcut = boardShortcutFor(event, {
        isTyping: isTypingIn(active),
        isInOverlay:
          Boolean(active?.closest('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]')) ||
          document.querySelector('[role="dialog"], [role="alertdialog"]') !== null,
        isOnCard: card !== null,
        isDragging: active?.getAttribute("aria-pressed") === "true",
      });
      if (!shortcut) return;
      const { tasks: currentTasks, actions: act } = latest.current;
      const task = card ? currentTasks?.find((candidate) => candidate.id === card.getAttribute("data-task-id")) : undefined;
      event.preventDefault();
      switch (shortcut.kind) {
        case "new":
          act.onNew();
          return;
        case "help":
          act.onHelp();
          return;
        case "focus": {
          const cards = [...document.querySelectorAll(CARD)];
          if (cards.length === 0) return;
          const at = card ? cards.indexOf(card) : -1;
          const next =
            at === -1 ? (shortcut.step === 1 ? 0 : cards.length - 1) : Math.min(cards.length - 1, Math.max(0, at + shortcut.step));
          focusTarget(cards[next]!)?.focus();
          return;
        }
        case "move":
          if (task && card && task.status !== shortcut.status) {
            act.onMove(task, shortcut.status);
            refocusMovedCard(task.id, card);
          }
          return;
        case "moveDay":
          if (task) act.onMoveToDay(task);
          return;
        case "edit":
          if (task) act.onEdit(task);
          return;
        case "delete":
          if (task) act.onDelete(task);
          return;
      }
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
