import { useEffect, useState } from "react";
import { wallClockInZone } from "../../../../shared/rules/dates.ts";

/** Minutes since midnight in the zone, each minute; null when not asked (a day that is not today). */
export function useNowMinutes(timeZone: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timeZone) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [timeZone]);
  if (!timeZone) return null;
  const { hour, minute } = wallClockInZone(now, timeZone);
  return hour * 60 + minute;
}
