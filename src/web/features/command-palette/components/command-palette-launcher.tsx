import { Suspense, startTransition, useEffect, useState } from "react";
import { lazyWithPreload } from "../../../lib/lazy-with-preload.tsx";
import { isOffline, useOnline } from "../../../lib/online.ts";
import { whenIdle } from "../../../lib/when-idle.ts";

// Loaded on idle: fetching and compiling it inside the first Ctrl+K made that keypress wait (issue 56 item 12).
const CommandPalette = lazyWithPreload(() => import("./command-palette.tsx").then((module) => module.CommandPalette));

/** Not offline (decision 018): its searches and actions need the server. */
export function isPaletteShortcut(event: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}

export function CommandPaletteLauncher() {
  const isOnline = useOnline();
  const [open, setOpen] = useState(false);
  // Mounted closed on idle, so that its kept body is built before the first Ctrl+K.
  const [wanted, setWanted] = useState(false);
  // The board's card that had focus when the palette opened: its task can be moved from the palette.
  const [selectedTaskId, setSelectedTaskId] = useState<string | null>(null);
  // Going offline closes it for good: it does not reappear by itself when the network returns.
  const [wasOnline, setWasOnline] = useState(isOnline);
  if (wasOnline !== isOnline) {
    setWasOnline(isOnline);
    if (!isOnline) setOpen(false);
  }

  useEffect(
    () =>
      whenIdle(() =>
        CommandPalette.preload()
          .then(() => startTransition(() => setWanted(true)))
          .catch(() => {}),
      ),
    [],
  );

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event) || event.defaultPrevented || isOffline()) return;
      event.preventDefault();
      setWanted(true);
      const card = document.activeElement?.closest("li[data-task-id]");
      if (card) setSelectedTaskId(card.getAttribute("data-task-id"));
      else if (!document.activeElement?.closest('[role="dialog"]')) setSelectedTaskId(null);
      setOpen((current) => !current);
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <CommandPalette open={open} onOpenChange={setOpen} selectedTaskId={selectedTaskId} />
    </Suspense>
  );
}
