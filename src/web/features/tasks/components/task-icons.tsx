// One sprite for hundreds of cards keeps a day of 200 tasks within its render budget.
import {
  CalendarArrowRight,
  CheckCircle2,
  Circle,
  Clock,
  GripVertical,
  ListChecks,
  type LucideIcon,
  Pencil,
  Repeat,
  Target,
  Timer,
  Trash2,
} from "lucide-react";

const ICONS = {
  "calendar-move": CalendarArrowRight,
  check: CheckCircle2,
  circle: Circle,
  clock: Clock,
  grip: GripVertical,
  "list-checks": ListChecks,
  pencil: Pencil,
  repeat: Repeat,
  target: Target,
  timer: Timer,
  trash: Trash2,
} satisfies Record<string, LucideIcon>;

export type TaskIconName = keyof typeof ICONS;

const symbolId = (name: TaskIconName) => `task-icon-${name}`;

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

export function TaskIcon({ name, className = "size-4" }: { name: TaskIconName; className?: string }) {
  return (
    <svg aria-hidden="true" focusable="false" className={`shrink-0 ${className}`}>
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
