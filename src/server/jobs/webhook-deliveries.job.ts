import type { Config } from "../config.ts";
import { webhooksService } from "../modules/webhooks/webhooks.service.ts";
import { type DueUsersJobOptions, kickable, runDueUsers } from "./scheduler.ts";

export type WebhookDeliveriesJob = ReturnType<typeof webhookDeliveriesJob>;

export function webhookDeliveriesJob(options: DueUsersJobOptions & { config: Pick<Config, "webhooks"> }) {
  const webhooks = webhooksService({
    kysely: options.db.kysely,
    now: options.now,
    send: { allowPrivateUrls: options.config.webhooks.allowPrivateUrls },
  });
  const job = {
    claimDueUsers: async (now: string, limit: number, leaseUntil: string) =>
      runs.isClosed() ? [] : webhooks.claimDueDeliveries(now, limit, leaseUntil),
    runForUser: async (due: Parameters<typeof webhooks.deliver>[0], leaseUntil: string) =>
      (await webhooks.deliver(due, leaseUntil)) ? 1 : 0,
  };
  const deliverDue = async (): Promise<{ deliveries: number; succeeded: number }> => {
    const { users, counted } = await runDueUsers(job, options, { concurrency: 4, failure: "webhook delivery failed" });
    return { deliveries: users, succeeded: counted };
  };
  const runs = kickable(deliverDue, (error: unknown) => options.log.error({ err: error }, "webhook deliveries failed"));
  return {
    deliverDue,
    kick: runs.kick,
    stop: runs.close,
  };
}
