import { firstRepeatDay } from "../../../../shared/rules/quick-add.ts";
import { describeRecurrence } from "../../../../shared/rules/recurrence-words.ts";
import { weekdayDateLabel } from "./day-labels.ts";

/** A new series in words with the day it starts on, which need not be the day it was made for. */
export function seriesStartText(rule: string, date: string): string {
  return `${describeRecurrence(rule)}, first on ${weekdayDateLabel(firstRepeatDay(rule, date))}`;
}
