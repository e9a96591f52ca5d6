// Meetings in a day's capacity: the busy timed events of the day, overlaps counted once, clipped to the day.
// Event times are the user's wall clock (ISO with the zone's offset), so the day is read from the text.

export interface MeetingLike {
  start: string;
  end: string;
  allDay: boolean;
  busy: boolean;
}

const MINUTES_PER_DAY = 24 * 60;

function minuteOfDay(dateTime: string, day: string): number {
  const date = dateTime.slice(0, 10);
  if (date < day) return 0;
  if (date > day) return MINUTES_PER_DAY;
  return Number(dateTime.slice(11, 13)) * 60 + Number(dateTime.slice(14, 16));
}

export function meetingMinutes(events: readonly MeetingLike[], day: string): number {
  const spans = events
    .filter((event) => event.busy && !event.allDay)
    .map((event) => [minuteOfDay(event.start, day), minuteOfDay(event.end, day)] as const)
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let total = 0;
  let reached = 0;
  for (const [start, end] of spans) {
    const from = Math.max(start, reached);
    if (end > from) total += end - from;
    reached = Math.max(reached, end);
  }
  return total;
}
