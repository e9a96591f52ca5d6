// A board shows up to hundreds of cards with the same few icons: each card draws them from one
// sprite (<use>, two elements per icon) instead of a full SVG per icon, which keeps a day of 200
// tasks within its render budget (bench/board-render.ts).
import { CheckCircle2, Clock, GripVertical, type LucideIcon, Pencil, Repeat, Target, Timer, Trash2 } from "lucide-react";

const ICONS = {
  check: CheckCircle2,
  clock: Clock,
  grip: GripVertical,
  pencil: Pencil,
  repeat: Repeat,
  target: Target,
  timer: Timer,
  trash: Trash2,
} satisfies Record<string, LucideIcon>;

export type TaskIconName = keyof typeof ICONS;

const symbolId = (name: TaskIconName) => `task-icon-${name}`;

/** The icons' definitions; render once wherever cards are shown. */
export function TaskIconSprite() {
  return (
    <svg aria-hidden="true" focusable="false" width="0" height="0" className="absolute size-0 overflow-hidden">
      {(Object.entries(ICONS) as [TaskIconName, LucideIcon][]).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A decorative icon from the sprite, sized and coloured by `className` (currentColor; size-4 by default). */
export function TaskIcon({ name, className = "size-4" }: { name: TaskIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
