// Decided apart from the DOM so that it can be tested; Ctrl, Alt and Cmd belong to the browser and the palette.
import type { BoardColumnStatus } from "../../../../shared/rules/task-status.ts";

export type BoardShortcut =
  | { kind: "new" }
  | { kind: "focus"; step: 1 | -1 }
  | { kind: "move"; status: BoardColumnStatus }
  | { kind: "moveDay" }
  | { kind: "edit" }
  | { kind: "delete" }
  | { kind: "help" };

export const BOARD_SHORTCUTS: { keys: string[]; does: string }[] = [
  { keys: ["n"], does: "New task" },
  { keys: ["j", "↓"], does: "Next card" },
  { keys: ["k", "↑"], does: "Previous card" },
  { keys: ["1", "2", "3"], does: "Move the card to To Do, In Progress, Done" },
  { keys: ["m"], does: "Move the card to another day" },
  { keys: ["e"], does: "Edit the card" },
  { keys: ["Delete"], does: "Delete the card (asks first)" },
  { keys: ["?"], does: "Show these shortcuts" },
  { keys: ["Ctrl+K", "⌘K"], does: "Command palette" },
];

export interface ShortcutKey {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}

export interface ShortcutPlace {
  isTyping: boolean;
  isInOverlay: boolean;
  isOnCard: boolean;
  isDragging: boolean;
}

const COLUMN_KEYS: Record<string, BoardColumnStatus> = { "1": "todo", "2": "inprogress", "3": "done" };

export function boardShortcutFor(event: ShortcutKey, place: ShortcutPlace): BoardShortcut | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (place.isTyping || place.isInOverlay || place.isDragging) return null;
  const key = event.key;
  if (key === "?") return { kind: "help" };
  if (key === "n") return { kind: "new" };
  if (key === "j") return { kind: "focus", step: 1 };
  if (key === "k") return { kind: "focus", step: -1 };
  // Arrows scroll the page unless a card has focus.
  if (place.isOnCard && key === "ArrowDown") return { kind: "focus", step: 1 };
  if (place.isOnCard && key === "ArrowUp") return { kind: "focus", step: -1 };
  if (!place.isOnCard) return null;
  const status = COLUMN_KEYS[key];
  if (status) return { kind: "move", status };
  if (key === "m") return { kind: "moveDay" };
  if (key === "e") return { kind: "edit" };
  if (key === "Delete") return { kind: "delete" };
  return null;
}
