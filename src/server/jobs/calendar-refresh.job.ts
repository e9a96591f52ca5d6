// Subscribed calendars read again every 15 minutes, each claimed with a lease so one instance reads it (docs/decisions/035),
// in ticks of their own (app.ts), four reads at a time; the parses among them share ics-parse-off-thread.ts's workers.
import type { CalendarRoutesOptions } from "../modules/calendar/calendar.routes.ts";
import { calendarService } from "../modules/calendar/calendar.service.ts";
import { type DueUsersJobOptions, runDueUsers } from "./scheduler.ts";

export type CalendarRefreshJob = ReturnType<typeof calendarRefreshJob>;

export function calendarRefreshJob(options: DueUsersJobOptions & CalendarRoutesOptions) {
  // Once the server closes, no read starts and those in flight end; a claimed calendar not read is read after its lease.
  const closing = new AbortController();
  const calendars = calendarService({
    signal: closing.signal,
    kysely: options.db.kysely,
    now: options.now,
    allowPrivateUrls: options.config.calendar.allowPrivateUrls,
    publicUrl: options.config.publicUrl,
    feedKey: options.config.sessionSecret,
    fetchTimeoutMs: options.config.calendar.fetchTimeoutMs,
  });
  const job = {
    claimDueUsers: async (now: string, limit: number, leaseUntil: string) =>
      closing.signal.aborted ? [] : calendars.claimDueSubscriptions(now, limit, leaseUntil),
    runForUser: async (subscription: Parameters<typeof calendars.refresh>[0], leaseUntil: string) => {
      if (closing.signal.aborted) return 0;
      const failures = await calendars.refresh(subscription);
      if (closing.signal.aborted) return 0;
      await calendars.scheduleNext(subscription.id, leaseUntil, failures);
      return failures === 0 ? 1 : 0;
    },
  };
  return {
    /** Returns how many calendars were read, and how many of them successfully. */
    async refreshDueCalendars(): Promise<{ calendars: number; refreshed: number }> {
      const { users, counted } = await runDueUsers(job, options, { concurrency: 4, failure: "calendar refresh failed" });
      return { calendars: users, refreshed: counted };
    },
    stop(): void {
      closing.abort();
    },
  };
}
