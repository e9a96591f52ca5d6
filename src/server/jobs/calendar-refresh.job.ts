// Subscribed calendars read again every 15 minutes, each claimed with a lease so one instance reads it (docs/decisions/035).
import type { CalendarRoutesOptions } from "../modules/calendar/calendar.routes.ts";
import { calendarService } from "../modules/calendar/calendar.service.ts";
import { type DueUsersJobOptions, runDueUsers } from "./scheduler.ts";

export type CalendarRefreshJob = ReturnType<typeof calendarRefreshJob>;

export function calendarRefreshJob(options: DueUsersJobOptions & CalendarRoutesOptions) {
  const calendars = calendarService({
    kysely: options.db.kysely,
    now: options.now,
    allowPrivateUrls: options.config.calendar.allowPrivateUrls,
    publicUrl: options.config.publicUrl,
    feedKey: options.config.sessionSecret,
    fetchTimeoutMs: options.config.calendar.fetchTimeoutMs,
  });
  const job = {
    claimDueUsers: calendars.claimDueSubscriptions,
    runForUser: async (subscription: Parameters<typeof calendars.refresh>[0], leaseUntil: string) => {
      const failures = await calendars.refresh(subscription);
      await calendars.scheduleNext(subscription.id, leaseUntil, failures);
      return failures === 0 ? 1 : 0;
    },
  };
  return {
    /** Returns how many calendars were read, and how many of them successfully. */
    async refreshDueCalendars(): Promise<{ calendars: number; refreshed: number }> {
      const { users, counted } = await runDueUsers(job, options, { concurrency: 2, failure: "calendar refresh failed" });
      return { calendars: users, refreshed: counted };
    },
  };
}
