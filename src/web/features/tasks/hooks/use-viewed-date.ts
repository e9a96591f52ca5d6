import { useCallback, useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../../components/ui/use-toast.ts";
import { keptBoardDay } from "../../../lib/online.ts";
import { readViewedDateParam, rejectedDateToast } from "../lib/viewed-date.ts";
import { useToday } from "./use-today.ts";

export const DATE_PARAM = "date";

/** An unshowable `?date=` is replaced with a history replace, so that Back does not return to it. */
export function useViewedDate(): { viewedDate: string; today: string; isToday: boolean; setViewedDate: (date: string) => void } {
  const today = useToday();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = readViewedDateParam(searchParams.get(DATE_PARAM), today);
  const viewedDate = param && "date" in param ? param.date : (keptBoardDay() ?? today);
  const rejected = param && "rejected" in param ? param.rejected : null;

  useEffect(() => {
    if (rejected === null) return;
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DATE_PARAM);
        return next;
      },
      { replace: true },
    );
    toast(rejectedDateToast(rejected));
  }, [rejected, setSearchParams]);

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
