import { todayInZone } from "../../../../shared/rules/dates.ts";
import type { FirstQuery } from "../../../lib/first-render.ts";
import { dayStatsPath, dayStatsQueryOptions } from "../api/get-day-stats.ts";
import { dayTasksPath, dayTasksQueryOptions } from "../api/get-day-tasks.ts";
import { STALLED_TASKS_PATH, stalledTasksQueryOptions } from "../api/get-stalled-tasks.ts";
import { DATE_PARAM } from "../hooks/use-viewed-date.ts";
import { readViewedDateParam } from "./viewed-date.ts";

/** Must name the day useViewedDate will show: `?date=`, else today in `timeZone`. */
export function firstBoardQueries(search: string, timeZone: string, now: Date): FirstQuery[] {
  const today = todayInZone(now, timeZone);
  const param = readViewedDateParam(new URLSearchParams(search).get(DATE_PARAM), today);
  const date = param && "date" in param ? param.date : today;
  return [
    { path: dayTasksPath(date), options: dayTasksQueryOptions(date) },
    { path: dayStatsPath(date), options: dayStatsQueryOptions(date) },
    { path: STALLED_TASKS_PATH, options: stalledTasksQueryOptions() },
  ];
}
