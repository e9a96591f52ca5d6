import { useEffect, useState } from "react";

// setTimeout's longest delay; a later moment is waited for in steps.
const MAX_DELAY_MS = 2 ** 31 - 1;

/** Whether the moment `at` (an ISO time; null is never) has passed, turning true when it does. */
export function useTimePassed(at: string | null): boolean {
  const [now, setNow] = useState(() => Date.now());
  const time = at === null ? Number.NaN : Date.parse(at);
  useEffect(() => {
    if (Number.isNaN(time) || now >= time) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(Math.max(0, time - Date.now()), MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [time, now]);
  return now >= time;
}
