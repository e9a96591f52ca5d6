export interface OrderedTask {
  id: string;
  scheduledStartTime: string | null;
  position: number;
  createdAt: string;
}

export const POSITION_STEP = 1;

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The part of the order a drag cannot change ('HH:MM' sorts as text). */
export function compareStartTimes(a: Pick<OrderedTask, "scheduledStartTime">, b: Pick<OrderedTask, "scheduledStartTime">): number {
  if (a.scheduledStartTime === b.scheduledStartTime) return 0;
  if (a.scheduledStartTime === null) return 1;
  if (b.scheduledStartTime === null) return -1;
  return compareText(a.scheduledStartTime, b.scheduledStartTime);
}

export function compareTaskOrder(a: OrderedTask, b: OrderedTask): number {
  return compareStartTimes(a, b) || a.position - b.position || compareText(a.createdAt, b.createdAt) || compareText(a.id, b.id);
}

export function sortByTaskOrder<T extends OrderedTask>(tasks: readonly T[]): T[] {
  return tasks.slice().sort(compareTaskOrder);
}

export function positionBetween(before: number | null, after: number | null): number {
  if (before !== null && after !== null) return before + (after - before) / 2;
  if (before !== null) return before + POSITION_STEP;
  if (after !== null) return after - POSITION_STEP;
  return 0;
}

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
