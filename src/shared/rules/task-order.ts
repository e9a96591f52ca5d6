// The order of a board column (decision 024): tasks with a scheduled start time first, earliest
// first; then the others; within the same start time (or none) by the position the user set by
// dragging, smaller first; then by creation. The server sorts its lists the same way.

/** What a task's place in a column depends on. */
export interface OrderedTask {
  id: string;
  scheduledStartTime: string | null;
  position: number;
  createdAt: string;
}

/** The gap between a new last task and the one before it. */
export const POSITION_STEP = 1;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The part of the order a drag cannot change: the start time ('HH:MM' sorts as text), none last. */
export function compareStartTimes(a: Pick<OrderedTask, "scheduledStartTime">, b: Pick<OrderedTask, "scheduledStartTime">): number {
  if (a.scheduledStartTime === b.scheduledStartTime) return 0;
  if (a.scheduledStartTime === null) return 1;
  if (b.scheduledStartTime === null) return -1;
  return compareText(a.scheduledStartTime, b.scheduledStartTime);
}

export function compareTaskOrder(a: OrderedTask, b: OrderedTask): number {
  return compareStartTimes(a, b) || a.position - b.position || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}

/** A sorted copy. */
export function sortByTaskOrder<T extends OrderedTask>(tasks: readonly T[]): T[] {
  return tasks.slice().sort(compareTaskOrder);
}

/**
 * A position between two neighbours' (null: no neighbour on that side): their midpoint, or one
 * step beyond the only neighbour, or 0 in an empty column.
 */
export function positionBetween(before: number | null, after: number | null): number {
  if (before !== null && after !== null) return before + (after - before) / 2;
  if (before !== null) return before + POSITION_STEP;
  if (after !== null) return after - POSITION_STEP;
  return 0;
}

/**
 * Where `index` among `others` (a column in order, without the moved task) lands a task with
 * `moved`'s start time: the start time decides first, so the index is kept within the tasks of
 * the same start time. Returns that index.
 */
export function placeWithinStartTime(
  others: readonly OrderedTask[],
  moved: Pick<OrderedTask, "scheduledStartTime">,
  index: number,
): number {
  let first = 0;
  while (first < others.length && compareStartTimes(others[first]!, moved) < 0) first++;
  let end = first;
  while (end < others.length && compareStartTimes(others[end]!, moved) === 0) end++;
  return Math.min(Math.max(index, first), end);
}

/**
 * The position that puts `moved` at `index` among `others` (clamped by placeWithinStartTime):
 * the midpoint of its neighbours of the same start time. After about fifty drops into one gap the
 * midpoint equals a neighbour's and creation order decides between the two (decision 024).
 */
export function positionForPlace(
  others: readonly OrderedTask[],
  moved: Pick<OrderedTask, "scheduledStartTime">,
  index: number,
): { index: number; position: number } {
  const at = placeWithinStartTime(others, moved, index);
  const before = at > 0 && compareStartTimes(others[at - 1]!, moved) === 0 ? others[at - 1]!.position : null;
  const after = at < others.length && compareStartTimes(others[at]!, moved) === 0 ? others[at]!.position : null;
  return { index: at, position: positionBetween(before, after) };
}
