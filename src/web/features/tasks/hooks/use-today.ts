import { todayInZone } from "../../../../shared/rules/dates.ts";
import { useNow } from "./use-now.ts";
import { useTimeZone } from "./use-time-zone.ts";

/** The user's today ('yyyy-MM-dd' in their zone), re-read every minute so midnight moves it. */
export function useToday(): string {
  const timeZone = useTimeZone();
  const now = useNow(60_000);
  return todayInZone(now, timeZone);
}
