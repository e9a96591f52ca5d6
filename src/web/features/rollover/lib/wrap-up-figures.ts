// The figures themselves are src/shared/rules/rollover.ts's, which the server's summary uses too.

export const WRAP_UP_GOAL_PROGRESS = "+15%";

export function formatHours(minutes: number): string {
  const hours = Math.round((minutes / 60) * 10) / 10;
  return `${hours}h`;
}
