import { randomUUID } from "node:crypto";
import type { Insertable, Kysely } from "kysely";
import {
  type CreatePushSubscriptionBody,
  DEFAULT_PUSH_SETTINGS,
  MAX_PUSH_SUBSCRIPTIONS_PER_USER,
  PUSH_TEST_TITLE,
  type PushPayload,
  type PushSettings,
  type PushSubscriptionView,
  type UpdatePushSettingsBody,
} from "../../../shared/api/push.ts";
import { addDays, todayInZone } from "../../../shared/rules/dates.ts";
import { AppError, notFound } from "../../app-error.ts";
import type { Config } from "../../config.ts";
import type { Database, PushMessagesTable, PushSettingsTable } from "../../db/schema.ts";
import { CalendarFetchError } from "../calendar/calendar-fetch.ts";
import { checkPushEndpoint, makeVapidKeys, type PushSendOptions, sendPush } from "./push-send.ts";
import { dueReminders, GOAL_DEADLINE_NOTICE_DAYS } from "./push-reminders.ts";
import { type DueMessage, NEVER, pushRepository } from "./push.repository.ts";

const SECOND = 1000;
const HOUR = 3600 * SECOND;
export const PUSH_RETRY_DELAYS_MS = [5 * SECOND, 30 * SECOND, 120 * SECOND, 600 * SECOND, 1800 * SECOND];
const TEST_WORTH_MS = HOUR;
const SENT_KEPT_MS = 3 * 24 * HOUR;

export interface PushDeps {
  kysely: Kysely<Database>;
  now: () => Date;
  config: Pick<Config, "push">;
  /** Tests: where a private-address check looks names up. */
  lookup?: PushSendOptions["lookup"];
}

export interface DueUser {
  id: string;
  timeZone: string;
}

type SettingsRow = NonNullable<Awaited<ReturnType<ReturnType<typeof pushRepository>["findSettings"]>>>;

const toSettings = (row: SettingsRow | undefined): PushSettings =>
  row
    ? {
        taskStart: row.taskStart === 1,
        taskStartLeadMinutes: Number(row.taskStartLeadMinutes) as PushSettings["taskStartLeadMinutes"],
        wrapUp: row.wrapUp === 1,
        wrapUpTime: row.wrapUpTime,
        rolledOver: row.rolledOver === 1,
        stalled: row.stalled === 1,
        goalDeadline: row.goalDeadline === 1,
        quietStart: row.quietStart,
        quietEnd: row.quietEnd,
      }
    : DEFAULT_PUSH_SETTINGS;

const flag = (value: boolean | undefined) => (value === undefined ? undefined : value ? (1 as const) : (0 as const));

/** "Chrome on Android": enough to tell one's devices apart; the user agent itself is not kept. */
export function deviceName(userAgent: string | undefined): string {
  const agent = userAgent ?? "";
  const browser = /Edg\//.test(agent)
    ? "Edge"
    : /Firefox\//.test(agent)
      ? "Firefox"
      : /Chrome\//.test(agent)
        ? "Chrome"
        : /Safari\//.test(agent)
          ? "Safari"
          : "Browser";
  const system = /iPhone|iPad/.test(agent)
    ? "iOS"
    : /Android/.test(agent)
      ? "Android"
      : /Mac OS X/.test(agent)
        ? "macOS"
        : /Windows/.test(agent)
          ? "Windows"
          : /Linux/.test(agent)
            ? "Linux"
            : "";
  return system ? `${browser} on ${system}` : browser;
}

export function pushService(deps: PushDeps) {
  const repository = pushRepository(deps.kysely);
  let keys: Promise<{ publicKey: string; privateKey: string }> | undefined;

  /** Every instance signs with the same key: the environment's, or the one the first start stored. */
  function vapidKeys() {
    keys ??= (async () => {
      if (deps.config.push.vapid) return deps.config.push.vapid;
      const stored = await repository.findKeys();
      if (stored) return stored;
      await repository.insertKeysOnce(makeVapidKeys(), deps.now().toISOString());
      return (await repository.findKeys())!;
    })().catch((error: unknown) => {
      keys = undefined;
      throw error;
    });
    return keys;
  }

  async function sendOptions(): Promise<PushSendOptions> {
    return {
      allowPrivateEndpoints: deps.config.push.allowPrivateEndpoints,
      vapid: { subject: deps.config.push.subject, ...(await vapidKeys()) },
      ...(deps.lookup ? { lookup: deps.lookup } : {}),
    };
  }

  function message(subscriptionId: string, userId: string, payload: PushPayload, at: Date, expiresAt: Date): Insertable<PushMessagesTable> {
    return {
      id: randomUUID(),
      subscriptionId,
      userId,
      payload: JSON.stringify(payload),
      attempts: 0,
      error: null,
      createdAt: at.toISOString(),
      expiresAt: expiresAt.toISOString(),
      nextAttemptAt: at.toISOString(),
    };
  }

  function settingsRow(userId: string, at: string, nextCheckAt: string): Insertable<PushSettingsTable> {
    return { userId, nextCheckAt, updatedAt: at };
  }

  return {
    vapidPublicKey: async (): Promise<string> => (await vapidKeys()).publicKey,

    async subscribe(userId: string, body: CreatePushSubscriptionBody, userAgent: string | undefined): Promise<PushSubscriptionView> {
      let endpoint: string;
      try {
        endpoint = await checkPushEndpoint(body.endpoint, {
          allowPrivateEndpoints: deps.config.push.allowPrivateEndpoints,
          ...(deps.lookup ? { lookup: deps.lookup } : {}),
        });
      } catch (error) {
        if (error instanceof CalendarFetchError) throw new AppError("bad_request", error.message);
        throw error;
      }
      const existing = await repository.findByEndpoint(endpoint);
      if (existing?.userId !== userId && (await repository.countSubscriptions(userId)) >= MAX_PUSH_SUBSCRIPTIONS_PER_USER)
        throw new AppError("conflict", `At most ${MAX_PUSH_SUBSCRIPTIONS_PER_USER} devices: remove one you no longer use first`);
      const at = deps.now().toISOString();
      const row = {
        id: randomUUID(),
        userId,
        endpoint,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        deviceName: deviceName(userAgent),
        createdAt: at,
        lastUsedAt: null,
      };
      await repository.saveSubscription(row, settingsRow(userId, at, at));
      return { id: row.id, deviceName: row.deviceName, createdAt: row.createdAt, lastUsedAt: null };
    },

    listSubscriptions: (userId: string): Promise<PushSubscriptionView[]> => repository.listSubscriptions(userId),

    async deleteSubscription(userId: string, id: string): Promise<void> {
      if (!(await repository.deleteSubscription(id, userId))) throw notFound("Device");
    },

    async queueTest(userId: string): Promise<number> {
      const ids = await repository.subscriptionIds(userId);
      const at = deps.now();
      const payload = { title: PUSH_TEST_TITLE, body: "Reminders will reach this device", url: "/settings?tab=notifications", tag: "test" };
      await repository.insertMessages(ids.map((id) => message(id, userId, payload, at, new Date(at.getTime() + TEST_WORTH_MS))));
      return ids.length;
    },

    async getSettings(userId: string): Promise<PushSettings> {
      return toSettings(await repository.findSettings(userId));
    },

    async updateSettings(userId: string, body: UpdatePushSettingsBody): Promise<PushSettings> {
      const at = deps.now().toISOString();
      const changes = {
        ...(body.taskStart !== undefined ? { taskStart: flag(body.taskStart) } : {}),
        ...(body.taskStartLeadMinutes !== undefined ? { taskStartLeadMinutes: body.taskStartLeadMinutes } : {}),
        ...(body.wrapUp !== undefined ? { wrapUp: flag(body.wrapUp) } : {}),
        ...(body.wrapUpTime !== undefined ? { wrapUpTime: body.wrapUpTime } : {}),
        ...(body.rolledOver !== undefined ? { rolledOver: flag(body.rolledOver) } : {}),
        ...(body.stalled !== undefined ? { stalled: flag(body.stalled) } : {}),
        ...(body.goalDeadline !== undefined ? { goalDeadline: flag(body.goalDeadline) } : {}),
        ...(body.quietStart !== undefined ? { quietStart: body.quietStart } : {}),
        ...(body.quietEnd !== undefined ? { quietEnd: body.quietEnd } : {}),
        updatedAt: at,
      };
      const hasDevice = (await repository.countSubscriptions(userId)) > 0;
      const nextCheckAt = hasDevice ? at : NEVER;
      await repository.upsertSettings(
        { ...settingsRow(userId, at, nextCheckAt), ...changes },
        { ...changes, ...(hasDevice ? { nextCheckAt } : {}) },
      );
      return this.getSettings(userId);
    },

    claimDueMessages: (now: string, limit: number, leaseUntil: string) => repository.claimDueMessages(now, limit, leaseUntil),

    /** One attempt at one message; true when the push service took it. */
    async deliver(due: DueMessage, leaseUntil: string): Promise<boolean> {
      const at = deps.now();
      const target = await repository.findTarget(due.subscriptionId);
      if (!target || new Date(due.expiresAt) <= at) {
        await repository.dropMessage(due.id, leaseUntil);
        return false;
      }
      const outcome = await sendPush(target, due.payload, await sendOptions(), (new Date(due.expiresAt).getTime() - at.getTime()) / SECOND);
      if (outcome.ok) {
        await repository.finishMessage(due.id, leaseUntil, due.subscriptionId, at.toISOString());
        return true;
      }
      if (outcome.gone) {
        await repository.deleteSubscription(due.subscriptionId);
        return false;
      }
      const attempts = due.attempts + 1;
      const next = at.getTime() + PUSH_RETRY_DELAYS_MS[Math.min(attempts - 1, PUSH_RETRY_DELAYS_MS.length - 1)]!;
      if (next >= new Date(due.expiresAt).getTime()) await repository.dropMessage(due.id, leaseUntil);
      else
        await repository.retryMessage(due.id, leaseUntil, { attempts, error: outcome.error, nextAttemptAt: new Date(next).toISOString() });
      return false;
    },

    claimDueUsers: (now: string, limit: number, leaseUntil: string): Promise<DueUser[]> => repository.claimDueUsers(now, limit, leaseUntil),

    /** Queues the user's due reminders, each once, to each of their devices; returns how many reminders. */
    async remindUser(user: DueUser, leaseUntil: string): Promise<number> {
      const now = deps.now();
      const devices = await repository.subscriptionIds(user.id);
      // A user with no device left (their last one taken by another account) is not looked at again until they add one.
      if (devices.length === 0) {
        await repository.setNextCheck(user.id, leaseUntil, NEVER);
        return 0;
      }
      const settings = toSettings(await repository.findSettings(user.id));
      const today = todayInZone(now, user.timeZone);
      const tasks = settings.taskStart ? await repository.timedTasks(user.id, addDays(today, -1), addDays(today, 1)) : [];
      const closes = settings.rolledOver ? await repository.recentCloses(user.id, addDays(today, -2)) : [];
      const stalled = settings.stalled ? await repository.stalledTasks(user.id, new Date(now.getTime() - 24 * HOUR).toISOString()) : [];
      const goals = settings.goalDeadline
        ? (
            await repository.deadlineGoals(user.id, addDays(today, -GOAL_DEADLINE_NOTICE_DAYS), addDays(today, GOAL_DEADLINE_NOTICE_DAYS))
          ).map((goal) => ({
            ...goal,
            totalTasksCount: Number(goal.totalTasksCount),
            completedTasksCount: Number(goal.completedTasksCount),
          }))
        : [];
      const inputs = { now, timeZone: user.timeZone, settings, tasks, closes, stalled, goals };
      const { send, nextCheckAt } = await dueReminders(inputs, (keys) => repository.sentKeys(user.id, keys));
      if (send.length > 0) {
        const messages = send.flatMap((reminder) => devices.map((id) => message(id, user.id, reminder.payload, now, reminder.expiresAt)));
        await repository.queueReminders(
          user.id,
          send.map((reminder) => reminder.key),
          now.toISOString(),
          messages,
        );
      }
      await repository.setNextCheck(user.id, leaseUntil, nextCheckAt.toISOString());
      return send.length;
    },

    checkSoon: (userIds: readonly string[]) => repository.checkSoon(userIds, deps.now().toISOString()),
    checkAllSoon: () => repository.checkSoon(null, deps.now().toISOString()),

    pruneSent: () => repository.pruneSent(new Date(deps.now().getTime() - SENT_KEPT_MS).toISOString()),
  };
}

export type PushService = ReturnType<typeof pushService>;
