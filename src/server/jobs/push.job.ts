import type { Config } from "../config.ts";
import type { ChangeNotice, NoticeListening } from "../db/change-notices.ts";
import { pushService } from "../modules/push/push.service.ts";
import { type DueUsersJobOptions, kickable, runDueUsers } from "./scheduler.ts";

export type PushJob = ReturnType<typeof pushJob>;

const REMINDING_KINDS = new Set(["tasks", "goals", "rollover", "user", "all"]);

/** One tick: the users whose reminders fell due are looked at, then the queued messages sent (decision 058). */
export function pushJob(
  options: DueUsersJobOptions & { config: Pick<Config, "push">; lookup?: Parameters<typeof pushService>[0]["lookup"] },
) {
  const changed = new Set<string>();
  let gap = false;
  let lastPrune = 0;
  let listening: NoticeListening | undefined;
  const push = pushService({
    kysely: options.db.kysely,
    now: options.now,
    config: options.config,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  });
  const reminders = {
    claimDueUsers: async (now: string, limit: number, leaseUntil: string) =>
      runs.isClosed() ? [] : push.claimDueUsers(now, limit, leaseUntil),
    runForUser: (user: Parameters<typeof push.remindUser>[0], leaseUntil: string) => push.remindUser(user, leaseUntil),
  };
  const deliveries = {
    claimDueUsers: async (now: string, limit: number, leaseUntil: string) =>
      runs.isClosed() ? [] : push.claimDueMessages(now, limit, leaseUntil),
    runForUser: async (due: Parameters<typeof push.deliver>[0], leaseUntil: string) => ((await push.deliver(due, leaseUntil)) ? 1 : 0),
  };

  const tick = async (): Promise<{ reminders: number; sent: number }> => {
    if (gap) {
      gap = false;
      changed.clear();
      await push.checkAllSoon();
    }
    if (changed.size > 0) {
      const users = [...changed];
      changed.clear();
      await push.checkSoon(users);
    }
    const reminded = await runDueUsers(reminders, options, { concurrency: 8, failure: "push reminders failed" });
    const sent = await runDueUsers(deliveries, options, { concurrency: 16, failure: "push delivery failed" });
    const at = options.now().getTime();
    if (at - lastPrune > 3_600_000) {
      lastPrune = at;
      await push.pruneSent();
    }
    return { reminders: reminded.counted, sent: sent.counted };
  };

  const runs = kickable(tick, (error: unknown) => options.log.error({ err: error }, "push tick failed"));

  return {
    tick,
    kick: runs.kick,
    /** A committed change to a user's tasks or zone: their reminders are looked at again on the next tick. */
    noticed(notice: ChangeNotice): void {
      if (notice.kinds.some((kind) => REMINDING_KINDS.has(kind))) changed.add(notice.userId);
    },
    /** Notices may have been missed: every user with a device is looked at again. */
    noticedGap(): void {
      gap = true;
    },
    service: push,
    /** Hears the committed changes of every instance; a failure is logged and reminders fall back to the hourly check. */
    async listen(): Promise<void> {
      let heard = false;
      listening = await options.db
        .listenForChanges({
          onNotice: (notice) => this.noticed(notice),
          onListening: () => {
            if (heard) this.noticedGap();
            heard = true;
          },
          onError: (error) => options.log.error({ err: error }, "push reminders: the listening connection failed"),
        })
        .catch((error: unknown) => {
          options.log.error({ err: error }, "push reminders: listening for changes failed");
          return undefined;
        });
    },
    async stop(): Promise<void> {
      await runs.close();
      await listening?.close();
    },
  };
}
