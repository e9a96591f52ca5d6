import { useCallback } from "react";
import { useSearchParams } from "react-router";
import { isCalendarDate } from "../../../../shared/rules/dates.ts";
import { useToday } from "./use-today.ts";

const DATE_PARAM = "date";

/**
 * The day the board shows, kept in the URL (`/?date=2026-11-23`) so a reload or a shared link
 * keeps it. No parameter (or an invalid one) means the user's today.
 */
export function useViewedDate(): { viewedDate: string; today: string; isToday: boolean; setViewedDate: (date: string) => void } {
  const today = useToday();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = searchParams.get(DATE_PARAM);
  const viewedDate = param && isCalendarDate(param) ? param : today;

  const setViewedDate = useCallback(
    (date: string) => {
      setSearchParams((current) => {
        const next = new URLSearchParams(current);
        // Today is the board's default: "/" keeps meaning today after midnight.
        if (date === today) next.delete(DATE_PARAM);
        else next.set(DATE_PARAM, date);
        return next;
      });
    },
    [setSearchParams, today],
  );

  return { viewedDate, today, isToday: viewedDate === today, setViewedDate };
}
