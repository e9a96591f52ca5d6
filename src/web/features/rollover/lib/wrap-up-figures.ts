// How the wrap-up's "Today's Summary" reads (spec section 2 "Daily Wrap-up dialog"). The figures
// themselves (planned with a 30-minute default, actual from completed tasks) are the shared rule
// wrapUpFigures in src/shared/rules/rollover.ts, which the server's summary uses too.

/** The wrap-up's fixed goal progress figure (spec section 2). */
export const WRAP_UP_GOAL_PROGRESS = "+15%";

/** Minutes as hours with one decimal, the way the summary reads them ('1.5h'). */
export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours}h`;
}
