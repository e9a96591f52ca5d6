import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  CalendarFeedState,
  CalendarSubscription,
  CreateSubscriptionBody,
  UpdateSubscriptionBody,
} from "../../../../shared/api/calendar.ts";
import { calendarQueryKeys, call } from "./calendar-queries.ts";

function useCalendarMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: calendarQueryKeys.all }) });
}

export function useSubscribe() {
  return useCalendarMutation((body: CreateSubscriptionBody) =>
    call<CalendarSubscription>("/api/calendar/subscriptions", "Failed to add the calendar", { method: "POST", json: body }),
  );
}

export function useUpdateSubscription() {
  return useCalendarMutation(({ id, ...body }: UpdateSubscriptionBody & { id: string }) =>
    call<CalendarSubscription>(`/api/calendar/subscriptions/${encodeURIComponent(id)}`, "Failed to save the calendar", {
      method: "PATCH",
      json: body,
    }),
  );
}

export function useRetrySubscription() {
  return useCalendarMutation((id: string) =>
    call<CalendarSubscription>(`/api/calendar/subscriptions/${encodeURIComponent(id)}/retry`, "Failed to read the calendar", {
      method: "POST",
      json: {},
    }),
  );
}

export function useDeleteSubscription() {
  return useCalendarMutation((id: string) =>
    call<{ ok: true }>(`/api/calendar/subscriptions/${encodeURIComponent(id)}`, "Failed to remove the calendar", { method: "DELETE" }),
  );
}

export function useFeed() {
  return useQuery({
    queryKey: calendarQueryKeys.feed(),
    queryFn: () => call<CalendarFeedState>("/api/calendar/feed", "Failed to load the calendar feed"),
  });
}

export function useCreateFeed() {
  return useCalendarMutation(() => call<{ url: string }>("/api/calendar/feed", "Failed to create the feed", { method: "POST", json: {} }));
}

export function useRevokeFeed() {
  return useCalendarMutation(() => call<{ ok: true }>("/api/calendar/feed", "Failed to revoke the feed", { method: "DELETE" }));
}
