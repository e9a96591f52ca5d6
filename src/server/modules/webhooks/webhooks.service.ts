import { randomBytes, randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import {
  type CreatedWebhook,
  type CreateWebhookBody,
  MAX_WEBHOOKS_PER_USER,
  type UpdateWebhookBody,
  WEBHOOK_DELIVERIES_SHOWN,
  WEBHOOK_TEST_EVENT,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
} from "../../../shared/api/webhooks.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Database, WebhookDeliveriesTable } from "../../db/schema.ts";
import { CalendarFetchError } from "../calendar/calendar-fetch.ts";
import { checkWebhookUrl, newWebhookSecret, sendWebhook, type WebhookSendOptions } from "./webhook-send.ts";
import { type DueDelivery, webhooksRepository } from "./webhooks.repository.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
export const RETRY_DELAYS_MS = [5 * SECOND, 300 * SECOND, 1800 * SECOND, 2 * HOUR, 5 * HOUR, 10 * HOUR];
export const RETRY_WINDOW_MS = 24 * HOUR;

export interface WebhooksDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  send: WebhookSendOptions;
}

type WebhookRow = Awaited<ReturnType<ReturnType<typeof webhooksRepository>["listWebhooks"]>>[number];

const toView = (row: WebhookRow): Webhook => ({
  id: row.id,
  url: row.url,
  events: JSON.parse(row.events) as WebhookEvent[],
  enabled: row.enabled === 1,
  disabledReason: row.disabledReason,
  createdAt: row.createdAt,
});

export function webhooksService(deps: WebhooksDeps) {
  const repository = webhooksRepository(deps.kysely);

  async function checkedUrl(input: string): Promise<string> {
    try {
      return await checkWebhookUrl(input, deps.send);
    } catch (error) {
      if (error instanceof CalendarFetchError) throw new AppError("bad_request", error.message);
      throw error;
    }
  }

  function delivery(webhookId: string, userId: string, event: string, data: unknown, at: Date): Insertable<WebhookDeliveriesTable> {
    const createdAt = at.toISOString();
    return {
      id: `msg_${randomUUID()}`,
      webhookId,
      userId,
      event,
      payload: JSON.stringify({ type: event, timestamp: createdAt, data }),
      status: "pending",
      attempts: 0,
      responseStatus: null,
      error: null,
      createdAt,
      lastAttemptAt: null,
      nextAttemptAt: createdAt,
    };
  }

  return {
    async createWebhook(userId: string, body: CreateWebhookBody): Promise<CreatedWebhook> {
      const url = await checkedUrl(body.url);
      if ((await repository.countWebhooks(userId)) >= MAX_WEBHOOKS_PER_USER)
        throw new AppError("conflict", `At most ${MAX_WEBHOOKS_PER_USER} webhooks: delete one you no longer use first`);
      const row = {
        id: randomUUID(),
        userId,
        url,
        events: JSON.stringify(body.events),
        secret: newWebhookSecret(randomBytes(24)),
        enabled: 1 as const,
        disabledReason: null,
        createdAt: deps.now().toISOString(),
      };
      await repository.insertWebhook(row);
      return { ...toView(row), secret: row.secret };
    },

    async listWebhooks(userId: string): Promise<Webhook[]> {
      return (await repository.listWebhooks(userId)).map(toView);
    },

    async getWebhook(userId: string, id: string): Promise<Webhook> {
      const row = await repository.findWebhook(userId, id);
      if (!row) throw notFound("Webhook");
      return toView(row);
    },

    async updateWebhook(userId: string, id: string, body: UpdateWebhookBody): Promise<Webhook> {
      if (!(await repository.findWebhook(userId, id))) throw notFound("Webhook");
      const changes = {
        ...(body.url !== undefined ? { url: await checkedUrl(body.url) } : {}),
        ...(body.events !== undefined ? { events: JSON.stringify(body.events) } : {}),
        ...(body.enabled !== undefined ? { enabled: body.enabled ? (1 as const) : (0 as const), disabledReason: null } : {}),
      };
      if (Object.keys(changes).length > 0 && !(await repository.updateWebhook(userId, id, changes))) throw notFound("Webhook");
      return this.getWebhook(userId, id);
    },

    async deleteWebhook(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteWebhook(userId, id))) throw notFound("Webhook");
    },

    async listDeliveries(userId: string, id: string): Promise<WebhookDelivery[]> {
      if (!(await repository.findWebhook(userId, id))) throw notFound("Webhook");
      return (await repository.listDeliveries(userId, id, WEBHOOK_DELIVERIES_SHOWN)).map((row) => ({
        ...row,
        attempts: Number(row.attempts),
        responseStatus: row.responseStatus === null ? null : Number(row.responseStatus),
      }));
    },

    async queueTest(userId: string, id: string): Promise<void> {
      const row = await repository.findWebhook(userId, id);
      if (!row) throw notFound("Webhook");
      await repository.insertDeliveries([delivery(id, userId, WEBHOOK_TEST_EVENT, { webhookId: id }, deps.now())]);
    },

    async queueEvent(userId: string, event: WebhookEvent, data: unknown): Promise<number> {
      const hooks = (await repository.subscribedWebhooks(userId)).filter((hook) => (JSON.parse(hook.events) as string[]).includes(event));
      const at = deps.now();
      await repository.insertDeliveries(hooks.map((hook) => delivery(hook.id, userId, event, data, at)));
      return hooks.length;
    },

    claimDueDeliveries: (now: string, limit: number, leaseUntil: string) => repository.claimDueDeliveries(now, limit, leaseUntil),

    async deliver(due: DueDelivery, leaseUntil: string): Promise<boolean> {
      const target = await repository.findTarget(due.webhookId);
      if (!target) return false;
      const at = deps.now();
      const attempts = due.attempts + 1;
      if (target.enabled !== 1) {
        await repository.recordAttempt(due.id, leaseUntil, { status: "failed", error: "The webhook is disabled", nextAttemptAt: null });
        return false;
      }
      const sent = await sendWebhook({ url: target.url, secret: target.secret, id: due.id, at, payload: due.payload }, deps.send);
      const attempt = { attempts, lastAttemptAt: at.toISOString(), responseStatus: sent.responseStatus, error: sent.error };
      if (!sent.error) {
        await repository.recordAttempt(due.id, leaseUntil, { ...attempt, status: "succeeded", nextAttemptAt: null });
      } else {
        const deadline = new Date(due.createdAt).getTime() + RETRY_WINDOW_MS;
        const wait = RETRY_DELAYS_MS[Math.min(attempts - 1, RETRY_DELAYS_MS.length - 1)]!;
        if (at.getTime() >= deadline) {
          const recorded = await repository.recordAttempt(due.id, leaseUntil, { ...attempt, status: "failed", nextAttemptAt: null });
          if (recorded)
            await repository.disableWebhook(
              target.id,
              `Disabled on ${at.toISOString().slice(0, 10)}: deliveries failed for 24 hours (${sent.error})`,
            );
        } else {
          const next = new Date(Math.min(at.getTime() + wait, deadline)).toISOString();
          await repository.recordAttempt(due.id, leaseUntil, { ...attempt, nextAttemptAt: next });
        }
      }
      await repository.pruneDeliveries(due.webhookId, WEBHOOK_DELIVERIES_SHOWN);
      return !sent.error;
    },
  };
}

export type WebhooksService = ReturnType<typeof webhooksService>;
