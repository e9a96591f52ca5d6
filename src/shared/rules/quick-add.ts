// Each kind is read once (the first written); quoted text and parts out of bounds stay in the title,
// the latter listed in `unused` with the reason so that the preview can say why.
import type { CreateTaskInput } from "../api/tasks.ts";
import { ESTIMATED_DURATION_MAX_MINUTES, ESTIMATED_DURATION_MIN_MINUTES } from "../api/task-limits.ts";
import { addDays, daysBetween, isCalendarDate } from "./dates.ts";
import { readRecurrence } from "./recurrence-words.ts";

export interface QuickAddGoal {
  id: string;
  title: string;
}

export type QuickAddPart = "estimate" | "day" | "time" | "goal" | "repeat";

/**
 * Where a phrase is read. anywhere; "after-title-start": not as the title's first words ("Daily standup",
 * "Monday review"), unless the line has no title at all; "without-title": only in a line with no title
 * ("Plan next week"); "never": a word of the title alone ("Enjoy the sun"), read only as written beside it.
 */
export type QuickAddWhere = "anywhere" | "after-title-start" | "without-title" | "never";

export const QUICK_ADD_GRAMMAR = {
  estimate: { part: "estimate", examples: ["45m", "45 min", "1h", "1h30", "1.5h", "2 hours"], where: "anywhere" },
  time: { part: "time", examples: ["9am", "9 am", "at 9:30am", "@10am", "14:30"], where: "anywhere" },
  goal: { part: "goal", examples: ["#Launch", "#launch-party"], where: "anywhere" },
  day: {
    part: "day",
    examples: ["today", "tomorrow", "tmrw", "someday", "2027-01-15", "in 3 days", "in 2 weeks", "dec 3", "3rd december"],
    where: "anywhere",
  },
  dayAfterWord: { part: "day", examples: ["on friday", "on sat", "next mon", "next sun"], where: "anywhere" },
  weekday: { part: "day", examples: ["monday", "fri", "saturday"], where: "after-title-start" },
  weekend: { part: "day", examples: ["sat", "sun"], where: "never" },
  nextWeek: { part: "day", examples: ["next week"], where: "without-title" },
  repeat: {
    part: "repeat",
    examples: ["daily", "weekly", "monthly", "every day", "every weekday", "every mon and thu", "every 2 weeks", "every month on the 1st"],
    where: "after-title-start",
  },
} as const satisfies Record<string, { part: QuickAddPart; examples: readonly string[]; where: QuickAddWhere }>;

export type QuickAddPhrase = keyof typeof QUICK_ADD_GRAMMAR;

/** A phrase read at word `at` that the person wants kept in the title. */
export interface QuickAddKept {
  at: number;
  text: string;
}

export interface QuickAddResult {
  title: string;
  estimatedDuration: number | null;
  /** null means someday (unscheduled); undefined means no day written (the caller's default). */
  date: string | null | undefined;
  scheduledStartTime: string | null;
  goal: QuickAddGoal | null;
  /** An RRULE without "RRULE:", or null. */
  recurrence: string | null;
  /** `at` is the index of the phrase's first word, as `QuickAddKept` names it. */
  understood: { part: QuickAddPart; text: string; at: number }[];
  unused: { part: QuickAddPart; text: string; reason: string }[];
}

export interface QuickAddContext {
  today: string;
  goals: readonly QuickAddGoal[];
}

const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"];

function nameIndex(names: readonly string[], word: string): number {
  if (word.length < 3) return -1;
  return names.findIndex((name) => name.startsWith(word));
}

interface Word {
  text: string;
  lower: string;
  literal: boolean;
}

function splitWords(input: string): Word[] {
  const words: Word[] = [];
  const pattern = /"[^"]*"|“[^”]*”|\S+/g;
  for (const match of input.matchAll(pattern)) {
    const text = match[0];
    const literal = /^(".*"|“.*”)$/.test(text) && text.length >= 2;
    words.push({ text, lower: text.toLowerCase(), literal });
  }
  return words;
}

interface Match<T> {
  value: T;
  length: number;
  phrase?: QuickAddPhrase;
}

interface Refusal {
  refused: string;
  length: number;
}

type Reader<T> = (words: readonly Word[], at: number, context: QuickAddContext) => Match<T> | Refusal | null;

const isRefusal = (read: Match<unknown> | Refusal): read is Refusal => "refused" in read;

const NO_SUCH_DAY = "no such day";
const NO_SUCH_TIME = "no such time";

function estimateRefusal(minutes: number): string | null {
  if (!Number.isInteger(minutes)) return "whole minutes only";
  if (minutes > ESTIMATED_DURATION_MAX_MINUTES)
    return `over ${ESTIMATED_DURATION_MAX_MINUTES / 60} h: at most ${ESTIMATED_DURATION_MAX_MINUTES} min`;
  if (minutes < ESTIMATED_DURATION_MIN_MINUTES)
    return `under ${ESTIMATED_DURATION_MIN_MINUTES} min: at least ${ESTIMATED_DURATION_MIN_MINUTES} min`;
  return null;
}

const MINUTE_UNITS = /^(m|min|mins|minute|minutes)$/;
const HOUR_UNITS = /^(h|hr|hrs|hour|hours)$/;

function minutesOf(amount: string, unit: string): number | null {
  const value = Number(amount);
  if (MINUTE_UNITS.test(unit)) return value;
  if (HOUR_UNITS.test(unit)) return Math.round(value * 60);
  return null;
}

const readEstimate: Reader<number> = (words, at) => {
  const word = words[at]!.lower;
  const attempt = (minutes: number | null, length: number) => {
    if (minutes === null) return null;
    const refused = estimateRefusal(minutes);
    return refused ? { refused, length } : { value: minutes, length };
  };
  // 1h30, 1h30m, 1h30min
  const hoursAndMinutes = /^(\d{1,2})h(\d{1,2})(m|min)?$/.exec(word);
  if (hoursAndMinutes) {
    const minutes = Number(hoursAndMinutes[2]);
    return minutes < 60 ? attempt(Number(hoursAndMinutes[1]) * 60 + minutes, 1) : { refused: "minutes of an hour run to 59", length: 1 };
  }
  // 45m, 1.5h, 2hours
  const joined = /^(\d{1,3}(?:\.\d+)?)([a-z]+)$/.exec(word);
  if (joined) return attempt(minutesOf(joined[1]!, joined[2]!), 1);
  // 90 min, 2 hours
  const next = words[at + 1];
  if (/^\d{1,3}(?:\.\d+)?$/.test(word) && next && !next.literal) return attempt(minutesOf(word, next.lower), 2);
  return null;
};

function timeText(hours: number, minutes: number): string | null {
  if (hours > 23 || minutes > 59) return null;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`;
}

function twelveHour(hours: number, minutes: number, meridiem: string): string | null {
  if (hours < 1 || hours > 12) return null;
  const base = hours % 12;
  return timeText(meridiem === "pm" ? base + 12 : base, minutes);
}

const readTime: Reader<string> = (words, at) => {
  const lead = words[at]!.lower;
  if ((lead === "at" || lead === "@") && words[at + 1] && !words[at + 1]!.literal) {
    const rest = readTime(words, at + 1, { today: "", goals: [] });
    return rest ? { ...rest, length: rest.length + 1 } : null;
  }
  const word = lead.startsWith("@") ? lead.slice(1) : lead;
  const withMeridiem = /^(\d{1,2})(?::(\d{2}))?(am|pm)$/.exec(word);
  if (withMeridiem) {
    const value = twelveHour(Number(withMeridiem[1]), Number(withMeridiem[2] ?? 0), withMeridiem[3]!);
    return value ? { value, length: 1 } : { refused: NO_SUCH_TIME, length: 1 };
  }
  const next = words[at + 1];
  const bare = /^(\d{1,2})(?::(\d{2}))?$/.exec(word);
  if (bare && next && !next.literal && /^(am|pm)$/.test(next.lower)) {
    const value = twelveHour(Number(bare[1]), Number(bare[2] ?? 0), next.lower);
    return value ? { value, length: 2 } : { refused: NO_SUCH_TIME, length: 2 };
  }
  const clock = /^(\d{1,2}):(\d{2})$/.exec(word);
  if (clock) {
    const value = timeText(Number(clock[1]), Number(clock[2]));
    return value ? { value, length: 1 } : { refused: NO_SUCH_TIME, length: 1 };
  }
  return null;
};

function weekdayOf(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}

function nearestWeekday(today: string, weekday: number): string {
  return addDays(today, (weekday - weekdayOf(today) + 7) % 7);
}

function weekdayNextWeek(today: string, weekday: number): string {
  const sinceMonday = (weekdayOf(today) + 6) % 7;
  const nextMonday = addDays(today, 7 - sinceMonday);
  return addDays(nextMonday, (weekday + 6) % 7);
}

function nextMonthDay(today: string, month: number, dayOfMonth: number): string | null {
  const year = Number(today.slice(0, 4));
  for (const candidateYear of [year, year + 1, year + 2, year + 3, year + 4]) {
    const day = `${candidateYear}-${String(month + 1).padStart(2, "0")}-${String(dayOfMonth).padStart(2, "0")}`;
    if (isCalendarDate(day) && day >= today) return day;
  }
  return null;
}

const DAY_OF_MONTH = /^(\d{1,2})(st|nd|rd|th)?,?$/;

const WEEKEND_WORDS = new Set(["sat", "sun"]);

const readDay: Reader<string | null> = (words, at, context) => {
  const { today } = context;
  const word = words[at]!.lower.replace(/,$/, "");
  const next = words[at + 1] && !words[at + 1]!.literal ? words[at + 1]!.lower.replace(/,$/, "") : undefined;
  if (word === "on" && next !== undefined) {
    const rest = readDay(words, at + 1, context);
    if (!rest || (!isRefusal(rest) && rest.value === null)) return null;
    return { ...rest, length: rest.length + 1, phrase: "dayAfterWord" };
  }
  if (word === "today") return { value: today, length: 1 };
  if (word === "tomorrow" || word === "tmrw" || word === "tmr") return { value: addDays(today, 1), length: 1 };
  if (word === "someday") return { value: null, length: 1 };
  if (/^\d{4}-\d{2}-\d{2}$/.test(word)) return isCalendarDate(word) ? { value: word, length: 1 } : { refused: NO_SUCH_DAY, length: 1 };
  const weekday = nameIndex(WEEKDAYS, word);
  if (weekday >= 0) return { value: nearestWeekday(today, weekday), length: 1, phrase: WEEKEND_WORDS.has(word) ? "weekend" : "weekday" };
  if (word === "next" && next !== undefined) {
    const nextWeekday = nameIndex(WEEKDAYS, next);
    if (nextWeekday >= 0) return { value: weekdayNextWeek(today, nextWeekday), length: 2, phrase: "dayAfterWord" };
    if (next === "week") return { value: weekdayNextWeek(today, 1), length: 2, phrase: "nextWeek" };
    return null;
  }
  if (word === "in" && next !== undefined && /^\d{1,3}$/.test(next)) {
    const unit = words[at + 2] && !words[at + 2]!.literal ? words[at + 2]!.lower : "";
    const count = Number(next);
    if (/^days?$/.test(unit) && count >= 1) return { value: addDays(today, count), length: 3 };
    if (/^weeks?$/.test(unit) && count >= 1) return { value: addDays(today, 7 * count), length: 3 };
    return null;
  }
  // dec 3, december 3rd
  const month = nameIndex(MONTHS, word);
  if (month >= 0 && next !== undefined) {
    const dayOfMonth = DAY_OF_MONTH.exec(next);
    if (!dayOfMonth) return null;
    const value = nextMonthDay(today, month, Number(dayOfMonth[1]));
    return value ? { value, length: 2 } : { refused: NO_SUCH_DAY, length: 2 };
  }
  // 3 dec, 3rd december
  const dayFirst = DAY_OF_MONTH.exec(word);
  if (dayFirst && next !== undefined) {
    const monthAfter = nameIndex(MONTHS, next);
    if (monthAfter < 0) return null;
    const value = nextMonthDay(today, monthAfter, Number(dayFirst[1]));
    return value ? { value, length: 2 } : { refused: NO_SUCH_DAY, length: 2 };
  }
  return null;
};

const RRULE_WEEKDAYS = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"];
const SIMPLE_REPEATS: Record<string, string> = { daily: "FREQ=DAILY", weekly: "FREQ=WEEKLY", monthly: "FREQ=MONTHLY" };
const REPEAT_UNITS: Record<string, string> = { day: "DAILY", week: "WEEKLY", month: "MONTHLY" };

/** "daily", "every day", "every weekday", "every monday and thursday", "every 2 weeks", "every month on the 1st". */
const readRepeat: Reader<string> = (words, at) => {
  const word = words[at]!.lower;
  const simple = SIMPLE_REPEATS[word];
  if (simple) return { value: simple, length: 1 };
  if (word !== "every") return null;
  const wordAt = (index: number) => (words[index] && !words[index]!.literal ? words[index]!.lower.replace(/,$/, "") : undefined);
  let next = at + 1;
  if (wordAt(next) === "weekday") return { value: "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", length: 2 };
  const days: number[] = [];
  while (wordAt(next) !== undefined) {
    const day = nameIndex(WEEKDAYS, wordAt(next)!);
    if (day < 0) break;
    if (!days.includes(day)) days.push(day);
    next += 1;
    const joiner = wordAt(next);
    if ((joiner === "and" || joiner === "&") && nameIndex(WEEKDAYS, wordAt(next + 1) ?? "") >= 0) next += 1;
  }
  if (days.length > 0) {
    const byDay = [1, 2, 3, 4, 5, 6, 0].filter((day) => days.includes(day)).map((day) => RRULE_WEEKDAYS[day]);
    return { value: `FREQ=WEEKLY;BYDAY=${byDay.join(",")}`, length: next - at };
  }
  let interval = 1;
  if (/^\d{1,2}$/.test(wordAt(next) ?? "") && Number(wordAt(next)) >= 1) {
    interval = Number(wordAt(next));
    next += 1;
  }
  const unit = REPEAT_UNITS[(wordAt(next) ?? "").replace(/s$/, "")];
  if (!unit) return null;
  next += 1;
  let rule = `FREQ=${unit}${interval > 1 ? `;INTERVAL=${interval}` : ""}`;
  if (unit === "MONTHLY" && wordAt(next) === "on" && wordAt(next + 1) === "the") {
    const day = DAY_OF_MONTH.exec(wordAt(next + 2) ?? "");
    if (day && Number(day[1]) >= 1 && Number(day[1]) <= 31) {
      rule += `;BYMONTHDAY=${Number(day[1])}`;
      next += 3;
    }
  }
  return { value: rule, length: next - at };
};

/** The first day on or after `from` that a rule occurs on (weekdays, day of the month, every n weeks or months from `from`'s). */
export function firstRepeatDay(rule: string, from: string): string {
  const { freq, interval, byDay, byMonthDay } = readRecurrence(rule);
  const monthDay = byMonthDay[0] ?? 0;
  const every = Number.isInteger(interval) && interval > 1 ? interval : 1;
  const mondayOf = (day: string) => addDays(day, -((weekdayOf(day) + 6) % 7));
  const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  for (let offset = 0; offset < 366 * every; offset += 1) {
    const day = addDays(from, offset);
    if (byDay.length > 0 && !byDay.includes(RRULE_WEEKDAYS[weekdayOf(day)]!)) continue;
    if (monthDay > 0 && Number(day.slice(8, 10)) !== monthDay) continue;
    if (freq === "WEEKLY" && (daysBetween(mondayOf(from), mondayOf(day)) / 7) % every !== 0) continue;
    if (freq === "MONTHLY" && (monthIndex(day) - monthIndex(from)) % every !== 0) continue;
    return day;
  }
  return from;
}

const normalizeGoalText = (text: string) => text.toLowerCase().replace(/[-_]+/g, " ").replace(/\s+/g, " ").trim();

const readGoal: Reader<QuickAddGoal> = (words, at, { goals }) => {
  const word = words[at]!.text;
  if (!word.startsWith("#") || word.length < 2) return null;
  const wanted = normalizeGoalText(word.slice(1));
  if (wanted === "") return null;
  const exact = goals.find((goal) => normalizeGoalText(goal.title) === wanted);
  if (exact) return { value: exact, length: 1 };
  const starting = goals.filter((goal) => normalizeGoalText(goal.title).startsWith(wanted));
  return starting.length === 1 ? { value: starting[0]!, length: 1 } : null;
};

interface Read {
  at: number;
  text: string;
  where: QuickAddWhere;
  titleBefore: boolean;
}

/** Reads the line with the phrases in `keep` left in the title; `reads` says where each was read. */
function readLine(words: readonly Word[], context: QuickAddContext, keep: ReadonlyMap<number, string>) {
  const result: QuickAddResult = {
    title: "",
    estimatedDuration: null,
    date: undefined,
    scheduledStartTime: null,
    goal: null,
    recurrence: null,
    understood: [],
    unused: [],
  };
  const reads: Read[] = [];
  const titleWords: string[] = [];
  const found = new Set<QuickAddPart>();
  const readers: { part: QuickAddPart; read: Reader<unknown>; apply: (value: never) => void }[] = [
    { part: "repeat", read: readRepeat, apply: (value: string) => (result.recurrence = value) },
    { part: "goal", read: readGoal, apply: (value: QuickAddGoal) => (result.goal = value) },
    { part: "estimate", read: readEstimate, apply: (value: number) => (result.estimatedDuration = value) },
    { part: "time", read: readTime, apply: (value: string) => (result.scheduledStartTime = value) },
    { part: "day", read: readDay, apply: (value: string | null) => (result.date = value) },
  ];
  const textOf = (at: number, length: number) =>
    words
      .slice(at, at + length)
      .map((w) => w.text)
      .join(" ");
  let at = 0;
  while (at < words.length) {
    const word = words[at]!;
    let used = 0;
    let refusal: { part: QuickAddPart; text: string; reason: string; length: number } | null = null;
    if (!word.literal) {
      for (const reader of readers) {
        if (found.has(reader.part)) continue;
        const match = reader.read(words, at, context);
        if (!match) continue;
        if (isRefusal(match)) {
          refusal ??= { part: reader.part, text: textOf(at, match.length), reason: match.refused, length: match.length };
          continue;
        }
        const text = textOf(at, match.length);
        const where = QUICK_ADD_GRAMMAR[match.phrase ?? (reader.part as QuickAddPhrase)].where;
        if (where === "never") continue;
        if (keep.get(at) === text) {
          titleWords.push(text);
          used = match.length;
          break;
        }
        reader.apply(match.value as never);
        found.add(reader.part);
        result.understood.push({ part: reader.part, text, at });
        reads.push({ at, text, where, titleBefore: titleWords.length > 0 });
        used = match.length;
        break;
      }
    }
    if (used === 0 && refusal) {
      const { length, ...unused } = refusal;
      result.unused.push(unused);
      titleWords.push(unused.text);
      used = length;
    } else if (used === 0) {
      titleWords.push(word.text);
      used = 1;
    }
    at += used;
  }
  result.title = titleWords.join(" ").trim();
  return { result, reads };
}

const misplaced = (read: Read, title: string) =>
  title !== "" && (read.where === "without-title" || (read.where === "after-title-start" && !read.titleBefore));

/**
 * Reads one line. A phrase that could be the title's own words (QUICK_ADD_GRAMMAR's `where`) is kept in
 * the title when the rest of the line shows it is, and each phrase in `keep` is.
 */
export function parseQuickAdd(input: string, context: QuickAddContext, keep: readonly QuickAddKept[] = []): QuickAddResult {
  const words = splitWords(input);
  const kept = new Map(keep.map(({ at, text }) => [at, text]));
  for (;;) {
    const { result, reads } = readLine(words, context, kept);
    const wrong = reads.find((read) => misplaced(read, result.title));
    if (!wrong) return result;
    kept.set(wrong.at, wrong.text);
  }
}

/** The task's day: the one written, else the default; a series with none written starts on its first day from the default. */
export function quickAddDate(parsed: QuickAddResult, defaultDate: string): string | null {
  if (parsed.date !== undefined) return parsed.date;
  return parsed.recurrence ? firstRepeatDay(parsed.recurrence, defaultDate) : defaultDate;
}

export function quickAddTaskInput(parsed: QuickAddResult, defaultDate: string): CreateTaskInput {
  return {
    title: parsed.title,
    date: quickAddDate(parsed, defaultDate),
    ...(parsed.recurrence ? { recurrence: parsed.recurrence } : {}),
    ...(parsed.estimatedDuration !== null ? { estimatedDuration: parsed.estimatedDuration } : {}),
    ...(parsed.scheduledStartTime ? { scheduledStartTime: parsed.scheduledStartTime } : {}),
    ...(parsed.goal ? { goalId: parsed.goal.id } : {}),
  };
}
