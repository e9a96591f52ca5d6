import { describe, expect, it } from "vitest";
import { boardShortcutFor, type ShortcutPlace } from "./board-shortcuts.ts";

const press = (key: string, modifiers: Partial<{ ctrlKey: boolean; metaKey: boolean; altKey: boolean }> = {}) => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  ...modifiers,
});
const onBoard: ShortcutPlace = { isTyping: false, isInOverlay: false, isOnCard: false, isDragging: false };
const onCard: ShortcutPlace = { ...onBoard, isOnCard: true };

describe("boardShortcutFor", () => {
  it("n, j, k and ? work anywhere on the board", () => {
    expect(boardShortcutFor(press("n"), onBoard)).toEqual({ kind: "new" });
    expect(boardShortcutFor(press("j"), onBoard)).toEqual({ kind: "focus", step: 1 });
    expect(boardShortcutFor(press("k"), onBoard)).toEqual({ kind: "focus", step: -1 });
    expect(boardShortcutFor(press("?"), onBoard)).toEqual({ kind: "help" });
  });

  it("arrows move between cards only from a card (elsewhere they scroll)", () => {
    expect(boardShortcutFor(press("ArrowDown"), onBoard)).toBeNull();
    expect(boardShortcutFor(press("ArrowDown"), onCard)).toEqual({ kind: "focus", step: 1 });
    expect(boardShortcutFor(press("ArrowUp"), onCard)).toEqual({ kind: "focus", step: -1 });
  });

  it("1, 2, 3, e and Delete act on the focused card, and on nothing without one", () => {
    expect(boardShortcutFor(press("1"), onCard)).toEqual({ kind: "move", status: "todo" });
    expect(boardShortcutFor(press("2"), onCard)).toEqual({ kind: "move", status: "inprogress" });
    expect(boardShortcutFor(press("3"), onCard)).toEqual({ kind: "move", status: "done" });
    expect(boardShortcutFor(press("4"), onCard)).toBeNull();
    expect(boardShortcutFor(press("e"), onCard)).toEqual({ kind: "edit" });
    expect(boardShortcutFor(press("m"), onCard)).toEqual({ kind: "moveDay" });
    expect(boardShortcutFor(press("Delete"), onCard)).toEqual({ kind: "delete" });
    for (const key of ["1", "2", "3", "e", "m", "Delete"]) expect(boardShortcutFor(press(key), onBoard)).toBeNull();
  });

  it("nothing fires while typing, in a dialog or menu, during a keyboard drag, or with Ctrl, Alt or Cmd", () => {
    for (const key of ["n", "j", "k", "?", "1", "e", "Delete", "ArrowDown"]) {
      expect(boardShortcutFor(press(key), { ...onCard, isTyping: true })).toBeNull();
      expect(boardShortcutFor(press(key), { ...onCard, isInOverlay: true })).toBeNull();
      expect(boardShortcutFor(press(key), { ...onCard, isDragging: true })).toBeNull();
      expect(boardShortcutFor(press(key, { ctrlKey: true }), onCard)).toBeNull();
      expect(boardShortcutFor(press(key, { metaKey: true }), onCard)).toBeNull();
      expect(boardShortcutFor(press(key, { altKey: true }), onCard)).toBeNull();
    }
  });

  it("capital letters are not the shortcuts (Shift+N is typing a capital)", () => {
    expect(boardShortcutFor(press("N"), onBoard)).toBeNull();
    expect(boardShortcutFor(press("E"), onCard)).toBeNull();
  });
});
