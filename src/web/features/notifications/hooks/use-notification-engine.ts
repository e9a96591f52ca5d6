import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { Goal } from "../../../../shared/api/goals.ts";
import type { Task } from "../../../../shared/api/tasks.ts";
import type { User } from "../../../../shared/api/user.ts";
import { todayInZone } from "../../../../shared/rules/dates.ts";
import { goalsQueryOptions } from "../../goals/index.ts";
import { userQueryKey } from "../../session/index.ts";
import {
  dayTasksQueryOptions,
  stalledTasksQueryOptions,
  taskMutationKey,
  taskQueryKeys,
  timeZoneOf,
  useTimeZone,
  useToday,
} from "../../tasks/index.ts";
import { type DailyInsightsResponse, dailyInsightsQueryKey, dailyInsightsQueryOptions } from "../api/get-daily-insights.ts";
import type { AppNotification } from "../lib/app-notification.ts";
import { claimNotification } from "../lib/claim-notification.ts";
import { collectNotificationCandidates, type EngineSnapshot } from "../lib/collect-notifications.ts";
import { pruneMarkers } from "../lib/notification-markers.ts";
import type { NotificationPreferences } from "../lib/notification-preferences.ts";
import { useNotificationPreferences } from "./use-notification-preferences.ts";

const INSIGHTS_QUERY_ROOT = dailyInsightsQueryKey("")[0];

export const ENGINE_TICK_MS = 30_000;

interface EngineInputs {
  preferences: NotificationPreferences;
  deliver: (notification: AppNotification) => void;
}

/** Reads the same query keys as the board, the goals and the insights card, so on those pages it costs no request. */
export function useNotificationEngine(deliver: (notification: AppNotification) => void): void {
  const preferences = useNotificationPreferences();
  const queryClient = useQueryClient();
  const timeZone = useTimeZone();
  const today = useToday();

  const stalled = useQuery({ ...stalledTasksQueryOptions(), enabled: preferences.stalledTasks });
  // Completions need no query of their own: they are made where the tasks are already loaded.
  const todayTasks = useQuery({ ...dayTasksQueryOptions(today), enabled: preferences.procrastinationAlerts });
  const goals = useQuery({ ...goalsQueryOptions(), enabled: preferences.goalDeadlines });
  const insights = useQuery({ ...dailyInsightsQueryOptions(today), enabled: preferences.dailyInsights });

  const inputs = useRef<EngineInputs>({ preferences, deliver });
  const scheduleRef = useRef<() => void>(() => {});

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;

    function readSnapshot(user: User): EngineSnapshot {
      const { preferences: current } = inputs.current;
      // The cache's zone and day now, not the last render's: else right after the user loads the browser's zone
      // is used, and near midnight a day's insight would be notified for two days.
      const zone = timeZoneOf(user);
      const day = todayInZone(new Date(), zone);
      const isSaving = queryClient.isMutating({ mutationKey: taskMutationKey }) > 0;
      const knownTasks = isSaving
        ? null
        : queryClient
            .getQueriesData<unknown>({ queryKey: taskQueryKeys.all })
            .flatMap(([, data]) => (Array.isArray(data) ? (data as Task[]) : []));
      // Any query under the day's insights key, newest answer first.
      const dayInsights = queryClient
        .getQueryCache()
        .findAll({ queryKey: dailyInsightsQueryKey(day) })
        .filter((query) => query.state.data !== undefined)
        .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0]?.state.data as DailyInsightsResponse | undefined;
      return {
        preferences: current,
        now: Date.now(),
        today: day,
        timeZone: zone,
        stalledTasks: queryClient.getQueryData<Task[]>(stalledTasksQueryOptions().queryKey),
        todayTasks: queryClient.getQueryData<Task[]>(dayTasksQueryOptions(day).queryKey),
        knownTasks,
        goals: queryClient.getQueryData<Goal[]>(goalsQueryOptions().queryKey),
        insights: dayInsights ? { date: day, insights: dayInsights.insights } : undefined,
      };
    }

    function evaluate(): void {
      const user = queryClient.getQueryData<User>(userQueryKey);
      if (!user) return;
      for (const candidate of collectNotificationCandidates(readSnapshot(user))) {
        claimNotification({
          key: candidate.notification.key,
          shouldNotify: candidate.shouldNotify,
          markerValue: candidate.markerValue,
          onClaimed: () => inputs.current.deliver(candidate.notification),
        }).catch((error: unknown) => console.warn("Could not deliver a notification", error));
      }
    }

    // Bursts of cache events (a refetch of every tasks list) are looked at once.
    function schedule(): void {
      if (timer !== undefined) return;
      timer = setTimeout(() => {
        timer = undefined;
        evaluate();
      }, 0);
    }
    scheduleRef.current = schedule;

    pruneMarkers(Date.now());
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      const root = event.query.queryKey[0];
      if (event.type === "updated" && (root === taskQueryKeys.all[0] || root === INSIGHTS_QUERY_ROOT)) schedule();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === "updated" && event.mutation.state.status !== "pending") schedule();
    });
    const tick = setInterval(schedule, ENGINE_TICK_MS);
    schedule();
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
      clearInterval(tick);
      if (timer !== undefined) clearTimeout(timer);
      scheduleRef.current = () => {};
    };
  }, [queryClient]);

  useEffect(() => {
    inputs.current = { preferences, deliver };
    scheduleRef.current();
  }, [preferences, today, timeZone, deliver, stalled.data, todayTasks.data, goals.data, insights.data]);
}
