import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Kysely, Selectable } from "kysely";
import type { DailyInsight, DailyInsightsResponse, WeeklyInsight, WeeklySummary } from "../../../shared/api/insights.ts";
import { PAGE_WEEKLY_SUMMARIES } from "../../../shared/api/insights.ts";
import { movedOnBeyond } from "../../../shared/rules/day-history.ts";
import { computeDailyInsights, historyStart, type RuleInsight } from "../../../shared/rules/daily-insights.ts";
import { addDays, daysBetween, todayInZone } from "../../../shared/rules/dates.ts";
import {
  currentWeekStart,
  nextWeeklySummaryRun,
  WEEK_LENGTH_DAYS,
  weekEndOf,
  weekFigures,
  weeklyInsights,
  weeklySummaryTemplate,
  withMovedOutOfWeek,
} from "../../../shared/rules/weekly-summary.ts";
import { AppError } from "../../app-error.ts";
import type { AiConfig } from "../../config.ts";
import type { Dialect } from "../../db/database.ts";
import type { DailyInsightsTable, Database, Flag } from "../../db/schema.ts";
import { writeUserData } from "../../db/user-data.ts";
import { incrementCounter } from "../../plugins/rate-limit.ts";
import { goalsService } from "../goals/goals.service.ts";
import { calendarEvents } from "../calendar/calendar.service.ts";
import { rolloverService } from "../rollover/rollover.service.ts";
import type { RecurrenceService } from "../recurrence/recurrence.service.ts";
import { tasksService } from "../tasks/tasks.service.ts";
import { usersService } from "../user/user.service.ts";
import { insightsWording } from "./insights-wording.ts";
import { type DueWeeklySummaryUser, insightsRepository, type StoredDailyInsights, type WeeklySummaryRow } from "./insights.repository.ts";

export interface InsightsServiceDeps {
  kysely: Kysely<Database>;
  dialect: Dialect;
  now: () => Date;
  ai: AiConfig;
  log: Pick<FastifyBaseLogger, "warn">;
  /** Makes the day's occurrences of repeating tasks first, so missed ones count. */
  recurrence?: Pick<RecurrenceService, "readyDay">;
}

export type { DueWeeklySummaryUser };

export const WORDING_CALLS_PER_DAY = 20;
export const WORDED_DAYS_BACK = 60;
export const WORDED_DAYS_AHEAD = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

interface StoredInsight extends RuleInsight {
  ruleTitle: string;
  ruleDescription: string;
}

function parseStored(json: string): StoredInsight[] {
  try {
    const parsed: unknown = JSON.parse(json);
    return Array.isArray(parsed) ? (parsed as StoredInsight[]) : [];
  } catch {
    return [];
  }
}

const toDailyInsight = ({ type, title, description, priority }: DailyInsight): DailyInsight => ({ type, title, description, priority });

function toResponse(stored: Pick<StoredDailyInsights, "insights" | "viewed">): DailyInsightsResponse {
  return { insights: parseStored(stored.insights).map(toDailyInsight), viewed: stored.viewed === 1 };
}

const fingerprint = (insights: readonly StoredInsight[]) =>
  insights.map((insight) => `${insight.key}\u0000${insight.ruleTitle}\u0000${insight.ruleDescription}`).join("\u0001");

function toWeeklySummary(row: WeeklySummaryRow): WeeklySummary {
  let insights: WeeklyInsight[] = [];
  try {
    insights = JSON.parse(row.insights) as WeeklyInsight[];
  } catch {
    insights = [];
  }
  return {
    id: row.id,
    weekStartDate: row.weekStartDate,
    tasksTotal: Number(row.tasksTotal),
    tasksCompleted: Number(row.tasksCompleted),
    goalsProgressed: Number(row.goalsProgressed),
    insights,
    summary: { text: row.summaryText, generatedAt: row.generatedAt },
    viewed: Number(row.viewed) === 1,
    createdAt: row.createdAt,
  };
}

type SummaryContent = Pick<WeeklySummaryRow, "tasksTotal" | "tasksCompleted" | "goalsProgressed" | "insights">;

const saysTheSame = (a: SummaryContent, b: SummaryContent) =>
  Number(a.tasksTotal) === Number(b.tasksTotal) &&
  Number(a.tasksCompleted) === Number(b.tasksCompleted) &&
  Number(a.goalsProgressed) === Number(b.goalsProgressed) &&
  a.insights === b.insights;

/**
 * A Daywise export's insights and weekly summaries as they are, in the caller's transaction when there
 * is one; a day or week the user already has keeps its own. Needs no AI, unlike insightsService.
 * Answers the days and weeks that kept their own.
 */
export async function insertImportedInsights(
  kysely: Kysely<Database>,
  userId: string,
  days: readonly Omit<Selectable<DailyInsightsTable>, "userId">[],
  weeks: readonly WeeklySummaryRow[],
): Promise<{ keptDays: string[]; keptWeeks: string[] }> {
  if (days.length === 0 && weeks.length === 0) return { keptDays: [], keptWeeks: [] };
  return writeUserData(kysely, userId, ["insights"], async (trx) => {
    const repository = insightsRepository(trx);
    const keptDays: string[] = [];
    for (const day of days) if (!(await repository.insertDailyInsightsOnce(userId, day))) keptDays.push(day.date);
    const keptWeeks: string[] = [];
    for (const week of weeks) if (!(await repository.insertWeeklySummaryOnce(userId, week))) keptWeeks.push(week.weekStartDate);
    return { keptDays, keptWeeks };
  });
}

const summaryNotFound = () => new AppError("not_found", "Weekly summary not found");
const userNotFound = () => new AppError("not_found", "User not found");

/** The user's stored insights as the export and an import's matching read them; needs no AI, unlike insightsService. */
export function insightRecords(kysely: Kysely<Database>) {
  const repository = insightsRepository(kysely);
  return {
    dailyPageForExport: repository.dailyPageForExport,
    weeklyPageForExport: repository.weeklyPageForExport,
    listDaysAndWeeks: repository.listDaysAndWeeks,
  };
}

export function insightsService({ kysely, dialect, now, ai, log, recurrence }: InsightsServiceDeps) {
  const repository = insightsRepository(kysely);
  const tasks = tasksService({ kysely, dialect, now });
  const goals = goalsService({ kysely, dialect, now });
  const users = usersService({ kysely, now });
  const rollover = rolloverService({ kysely, now });
  const calendars = calendarEvents({ kysely, now });
  const wording = insightsWording({ config: ai, log, now });
  // Simultaneous first reads share one computation (and one wording call).
  const computing = new Map<string, Promise<DailyInsightsResponse>>();
  const generating = new Map<string, Promise<WeeklySummary>>();

  async function computeDay(
    userId: string,
    day: string,
    timeZone: string,
    dataVersion: number,
    stored: StoredDailyInsights | null,
    mayCallModel: boolean,
  ) {
    const [dayTasks, userGoals, closedDays, meetingMinutes, workday] = await Promise.all([
      tasks.listForInsights(userId, historyStart(day), day),
      goals.listForInsights(userId),
      rollover.listClosedDays(userId, day, day),
      calendars.meetingMinutes(userId, day),
      users.getUser(userId),
    ]);
    const onDay = dayTasks.filter((task) => task.date === day).map((task) => task.id);
    const movedOn = movedOnBeyond(closedDays, onDay).length;
    const previous = stored ? parseStored(stored.insights) : [];
    let insights: StoredInsight[] = computeDailyInsights({
      day,
      timeZone,
      tasks: dayTasks,
      goals: userGoals,
      movedOn,
      meetingMinutes,
      workday,
    }).map((insight) => {
      const same = previous.find(
        (old) => old.key === insight.key && old.ruleTitle === insight.title && old.ruleDescription === insight.description,
      );
      return {
        ...insight,
        ruleTitle: insight.title,
        ruleDescription: insight.description,
        title: same?.title ?? insight.title,
        description: same?.description ?? insight.description,
      };
    });
    // One wording call per (user, day): `provider` records that it was made, whatever its outcome.
    let provider = stored?.provider ?? null;
    const offset = daysBetween(todayInZone(now(), timeZone), day);
    const isNearToday = offset >= -WORDED_DAYS_BACK && offset <= WORDED_DAYS_AHEAD;
    if (
      provider === null &&
      wording.provider !== null &&
      insights.length > 0 &&
      mayCallModel &&
      isNearToday &&
      (await takeWordingCall(userId))
    ) {
      provider = wording.provider;
      const worded = await wording.polishDailyInsights(
        insights.map(({ type, ruleTitle, ruleDescription }) => ({ type, title: ruleTitle, description: ruleDescription })),
      );
      if (worded) insights = insights.map((insight, index) => ({ ...insight, ...worded[index]! }));
    }
    const isUnchanged = stored !== null && fingerprint(previous) === fingerprint(insights);
    const viewed: Flag = isUnchanged ? stored.viewed : 0;
    const json = JSON.stringify(insights);
    await repository.upsertDailyInsights(userId, {
      id: randomUUID(),
      date: day,
      insights: json,
      viewed,
      provider,
      sourceVersion: dataVersion,
      at: now().toISOString(),
    });
    return toResponse({ insights: json, viewed });
  }

  async function takeWordingCall(userId: string): Promise<boolean> {
    const { current } = await incrementCounter(kysely, `ai-wording-day:${userId}`, DAY_MS, now());
    return current <= WORDING_CALLS_PER_DAY;
  }

  async function buildWeek(
    userId: string,
    weekStart: string,
    existing?: WeeklySummaryRow,
  ): Promise<Omit<WeeklySummaryRow, "id" | "createdAt" | "viewed">> {
    const [tasksOfWeek, closedDays] = await Promise.all([
      tasks.listForInsights(userId, weekStart, weekEndOf(weekStart)),
      rollover.listClosedDays(userId, weekStart, weekEndOf(weekStart)),
    ]);
    const movedOut = movedOnBeyond(
      closedDays,
      tasksOfWeek.map((task) => task.id),
    ).length;
    const weekTasks = withMovedOutOfWeek(tasksOfWeek, movedOut);
    const figures = weekFigures(weekTasks);
    const insights = weeklyInsights(weekTasks);
    if (existing !== undefined && saysTheSame(existing, { ...figures, insights: JSON.stringify(insights) })) {
      const { id: _id, createdAt: _createdAt, viewed: _viewed, ...kept } = existing;
      return {
        ...kept,
        tasksTotal: figures.tasksTotal,
        tasksCompleted: figures.tasksCompleted,
        goalsProgressed: figures.goalsProgressed,
        generatedAt: now().toISOString(),
      };
    }
    const mayWrite = figures.tasksTotal > 0 && wording.provider !== null && (await takeWordingCall(userId));
    const written = mayWrite ? await wording.writeWeeklySummary(weekStart, figures, insights) : null;
    return {
      weekStartDate: weekStart,
      tasksTotal: figures.tasksTotal,
      tasksCompleted: figures.tasksCompleted,
      goalsProgressed: figures.goalsProgressed,
      insights: JSON.stringify(insights),
      summaryText: written ?? weeklySummaryTemplate(weekStart, figures, insights),
      generatedAt: now().toISOString(),
    };
  }

  async function generateCurrentWeek(userId: string): Promise<WeeklySummary> {
    const timeZone = await users.findTimeZone(userId);
    if (timeZone === undefined) throw userNotFound();
    const weekStart = currentWeekStart(now(), timeZone);
    const existing = await repository.findWeeklySummary(userId, weekStart);
    const built = await buildWeek(userId, weekStart, existing);
    if (!existing) {
      const row = { ...built, id: randomUUID(), createdAt: built.generatedAt };
      if (await repository.insertWeeklySummaryOnce(userId, row)) return toWeeklySummary({ ...row, viewed: 0 });
    }
    const current = existing ?? (await repository.findWeeklySummary(userId, weekStart));
    if (!current) throw summaryNotFound();
    // A refresh that changes what the summary says makes it unread again.
    const viewed: Flag = saysTheSame(current, built) ? (Number(current.viewed) as Flag) : 0;
    await repository.updateWeeklySummary(userId, current.id, { ...built, viewed });
    return toWeeklySummary({ ...current, ...built, viewed });
  }

  /** Written once (an existing one is kept); a week without tasks gets none. True when this call stored it. */
  async function generateWeekOnce(userId: string, weekStart: string): Promise<boolean> {
    if (await repository.findWeeklySummary(userId, weekStart)) return false;
    const built = await buildWeek(userId, weekStart);
    if (built.tasksTotal === 0) return false;
    return repository.insertWeeklySummaryOnce(userId, { ...built, id: randomUUID(), createdAt: built.generatedAt });
  }

  return {
    async getDailyInsights(
      userId: string,
      day: string,
      options: { mayCallModel: boolean } = { mayCallModel: true },
    ): Promise<DailyInsightsResponse> {
      await recurrence?.readyDay(userId, day);
      const state = await repository.findUserStateWithDay(userId, day);
      if (!state) throw userNotFound();
      if (state.stored && state.stored.sourceVersion === state.dataVersion) return toResponse(state.stored);
      const key = `${userId}\u0000${day}\u0000${state.dataVersion}`;
      let pending = computing.get(key);
      if (!pending) {
        pending = computeDay(userId, day, state.timeZone, state.dataVersion, state.stored, options.mayCallModel).finally(() =>
          computing.delete(key),
        );
        computing.set(key, pending);
      }
      return pending;
    },

    // Raises the data version: the viewed flag is part of the kept answer.
    async markDailyInsightsViewed(userId: string, date: string): Promise<DailyInsightsResponse> {
      const stored = await repository.markDailyInsightsViewed(userId, date, now().toISOString());
      if (!stored) throw new AppError("not_found", "No insights for this day");
      return toResponse(stored);
    },

    // Simultaneous calls of one user share one build and model call.
    async generateCurrentWeek(userId: string): Promise<WeeklySummary> {
      let pending = generating.get(userId);
      if (!pending) {
        pending = generateCurrentWeek(userId).finally(() => generating.delete(userId));
        generating.set(userId, pending);
      }
      return pending;
    },

    generateWeekOnce,

    async listWeeklySummaries(userId: string, limit = PAGE_WEEKLY_SUMMARIES): Promise<WeeklySummary[]> {
      return (await repository.listWeeklySummaries(userId, limit)).map(toWeeklySummary);
    },

    async markWeeklySummaryViewed(userId: string, id: string): Promise<WeeklySummary> {
      const row = await repository.markWeeklySummaryViewed(userId, id);
      if (!row) throw summaryNotFound();
      return toWeeklySummary(row);
    },

    claimDueWeeklySummaries: repository.claimDueWeeklySummaryUsers,

    /** True when it stored last week's summary; a user never scheduled ('' from migration 0008) is only scheduled. */
    async runWeeklySummary(user: DueWeeklySummaryUser, leaseUntil: string): Promise<boolean> {
      const at = now();
      // A slot is a Monday 06:00 or a lease that ended after one: a server down for weeks catches up the last week only.
      const stored =
        user.weeklySummaryNextAt !== "" &&
        (await generateWeekOnce(user.id, addDays(currentWeekStart(at, user.timeZone), -WEEK_LENGTH_DAYS)));
      await repository.moveWeeklySummarySlot(user.id, leaseUntil, nextWeeklySummaryRun(at, user.timeZone).at.toISOString());
      return stored;
    },
  };
}
