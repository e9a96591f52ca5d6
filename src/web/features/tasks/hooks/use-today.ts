import { todayInZone } from "../../../../shared/rules/dates.ts";
import { useNow } from "./use-now.ts";
import { useTimeZone } from "./use-time-zone.ts";

export function useToday(): string {
  const timeZone = useTimeZone();
  const now = useNow(60_000);
  return todayInZone(now, timeZone);
}
