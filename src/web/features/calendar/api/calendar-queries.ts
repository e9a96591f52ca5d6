import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CalendarEvent, CalendarSubscription } from "../../../../shared/api/calendar.ts";
import { meetingMinutes } from "../../../../shared/rules/meetings.ts";
import { apiJson, getErrorMessage } from "../../../lib/api-client.ts";
import { queryPrefixes } from "../../../lib/query-dependents.ts";

const all = queryPrefixes.calendar;
export const calendarQueryKeys = {
  all,
  subscriptions: () => [...all, "subscriptions"] as const,
  events: (date: string) => [...all, "events", date] as const,
  feed: () => [...all, "feed"] as const,
};

export async function call<T>(path: string, fallback: string, init?: Parameters<typeof apiJson>[1]): Promise<T> {
  try {
    return await apiJson<T>(path, init);
  } catch (error) {
    throw new Error(getErrorMessage(error, fallback), { cause: error });
  }
}

export const subscriptionsQueryOptions = () =>
  queryOptions({
    queryKey: calendarQueryKeys.subscriptions(),
    queryFn: () => call<CalendarSubscription[]>("/api/calendar/subscriptions", "Failed to load calendars"),
    staleTime: 5 * 60_000,
  });

export function useSubscriptions() {
  return useQuery(subscriptionsQueryOptions());
}

/** A day's events, asked for only once the user has a calendar switched on. */
export function useDayEvents(date: string) {
  const subscriptions = useSubscriptions();
  const hasCalendars = (subscriptions.data ?? []).some((subscription) => subscription.enabled);
  const events = useQuery({
    queryKey: calendarQueryKeys.events(date),
    queryFn: () => call<CalendarEvent[]>(`/api/calendar/events?date=${date}`, "Failed to load the day's events"),
    enabled: hasCalendars,
    staleTime: 5 * 60_000,
  });
  return {
    subscriptions: subscriptions.data ?? [],
    events: hasCalendars ? (events.data ?? []) : [],
    isLoaded: hasCalendars ? events.isSuccess : subscriptions.isSuccess,
  };
}

/** The day's busy timed minutes, for the capacity warnings. */
export function useMeetingMinutes(date: string): number {
  const { events } = useDayEvents(date);
  return meetingMinutes(events, date);
}
