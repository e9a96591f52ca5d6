import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type RawServerDefault,
} from "fastify";
import { validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { createDb, type Db } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { loggedUrl, TerminalRequestLogs } from "./log-format.ts";
import { aiAnalyticsRoutes } from "./modules/ai-analytics/ai-analytics.routes.ts";
import { aiBreakdownRoutes } from "./modules/ai-breakdown/ai-breakdown.routes.ts";
import { aiChatRoutes } from "./modules/ai-chat/ai-chat.routes.ts";
import { proposalsRoutes } from "./modules/ai-proposals/proposals.routes.ts";
import { dayPlanRoutes } from "./modules/day-plan/day-plan.routes.ts";
import { type AutoRolloverJob, autoRolloverJob } from "./jobs/auto-rollover.job.ts";
import { type CalendarRefreshJob, calendarRefreshJob } from "./jobs/calendar-refresh.job.ts";
import { type StalledSessionsJob, stalledSessionsJob } from "./jobs/stalled-sessions.job.ts";
import { type PushJob, pushJob } from "./jobs/push.job.ts";
import { type WebhookDeliveriesJob, webhookDeliveriesJob } from "./jobs/webhook-deliveries.job.ts";
import { type WeeklySummaryJob, weeklySummaryJob } from "./jobs/weekly-summary.job.ts";
import { type Scheduler, startScheduler } from "./jobs/scheduler.ts";
import { authRoutes } from "./modules/auth/auth.routes.ts";
import { dataTransferRoutes } from "./modules/data-transfer/data-transfer.routes.ts";
import { calendarRoutes } from "./modules/calendar/calendar.routes.ts";
import { goalsRoutes } from "./modules/goals/goals.routes.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { mcpRoutes } from "./modules/mcp/mcp.routes.ts";
import { oauthRoutes } from "./modules/oauth/oauth.routes.ts";
import { type OauthService, oauthService } from "./modules/oauth/oauth.service.ts";
import { insightsRoutes } from "./modules/insights/insights.routes.ts";
import { liveRoutes } from "./modules/live/live.routes.ts";
import { pushRoutes } from "./modules/push/push.routes.ts";
import { rolloverRoutes } from "./modules/rollover/rollover.routes.ts";
import { tasksRoutes } from "./modules/tasks/tasks.routes.ts";
import { tokensRoutes } from "./modules/tokens/tokens.routes.ts";
import { userRoutes } from "./modules/user/user.routes.ts";
import { type WebhookEvents, webhookEvents } from "./modules/webhooks/webhook-events.ts";
import { queueWebhooksOf } from "./modules/webhooks/webhook-queue.ts";
import { webhooksRoutes } from "./modules/webhooks/webhooks.routes.ts";
import { authenticatePlugin } from "./plugins/authenticate.ts";
import { contractSerializerCompiler } from "./plugins/contract-serializer.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import { databasePlugin } from "./plugins/database.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { idempotencyPlugin } from "./plugins/idempotency.ts";
import { jsonBodyPlugin } from "./plugins/json-body.ts";
import { openapiPlugin } from "./plugins/openapi.ts";
import { rateLimitPlugin } from "./plugins/rate-limit.ts";
import { routeTablePlugin } from "./plugins/route-table.ts";
import { answerRouterError } from "./plugins/router-errors.ts";
import { avatarOriginsOf, securityPlugin } from "./plugins/security.ts";
import { userDataCachePlugin } from "./plugins/user-data-cache.ts";
import { webAppPlugin } from "./plugins/web-app.ts";

export interface BuildAppOptions {
  db?: Db;
  webRoot?: string;
  logger?: boolean;
  logStream?: { write: (line: string) => void };
  conciseRequestLogs?: boolean;
  now?: () => Date;
  /** The change streams' heartbeat (and session check) interval; tests shorten it. */
  liveHeartbeatMs?: number;
}

const BODY_LIMIT_BYTES = 256 * 1024;
const WEBHOOK_TICK_MS = 5_000;
const PUSH_TICK_MS = 10_000;
// Given at construction, so that Fastify never loads its defaults (ajv, fast-json-stringify), which no route uses.
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => contractSerializerCompiler,
} as unknown as NonNullable<FastifyServerOptions["schemaController"]>["compilersFactory"];
const defaultWebRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

declare module "fastify" {
  interface FastifyInstance {
    now: () => Date;
    autoRollover: AutoRolloverJob;
    weeklySummaries: WeeklySummaryJob;
    stalledSessions: StalledSessionsJob;
    calendarRefresh: CalendarRefreshJob;
    webhookDeliveries: WebhookDeliveriesJob;
    webhookEvents: WebhookEvents;
    oauth: OauthService;
    push: PushJob;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: ["req.headers.cookie", "req.headers.authorization", 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
              censor: "[redacted]",
            },
            serializers: {
              req: (request: FastifyRequest) => ({ method: request.method, url: loggedUrl(request.url), remoteAddress: request.ip }),
            },
          },
    ...(options.conciseRequestLogs ? { logController: new TerminalRequestLogs() } : {}),
    genReqId: () => randomUUID(),
    requestIdHeader: "x-request-id",
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy:
      typeof config.trustProxy === "number" ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    // Our own onRequest hook answers 503 while closing, in the app's { message, code } shape.
    return503OnClosing: false,
    forceCloseConnections: "idle",
    frameworkErrors: answerRouterError,
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("now", options.now ?? (() => new Date()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(contractSerializerCompiler);
  // While closing: new requests get a 503 and the listener stays for shutdownDrainMs, so queued connections are
  // answered rather than reset; answers in flight end their keep-alive, so close() need not wait it out.
  let isClosing = false;
  app.addHook("preClose", async () => {
    isClosing = true;
    // Open change streams would hold the listener past the drain; their clients reconnect elsewhere.
    app.live.closeAll();
    if (config.shutdownDrainMs > 0) await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs));
  });
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    if (isClosing) {
      reply
        .code(503)
        .header("retry-after", "1")
        .send({ message: "The server is restarting; try again in a moment", code: "shutting_down" });
      return;
    }
    done();
  });
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (isClosing) reply.header("connection", "close");
    done(null, payload);
  });

  const ownsDb = !options.db;
  const db =
    options.db ?? createDb(config.database, { onBackgroundError: (error) => app.log.error({ err: error }, "database background error") });
  if (ownsDb) await migrateToLatest(db.kysely, db.schema);

  // Registered first so that it is closed last.
  await app.register(databasePlugin, { db, ownsDb });
  await app.register(routeTablePlugin);
  await app.register(openapiPlugin, { publicUrl: config.publicUrl });
  await app.register(errorsPlugin);
  await app.register(jsonBodyPlugin);
  await app.register(securityPlugin, { isHttps: config.publicUrl.startsWith("https://"), avatarOrigins: avatarOriginsOf(config.auth) });
  await app.register(rateLimitPlugin, {
    maxPerMinute: config.auth.rateLimitPerMinute,
    pathPrefixes: ["/auth/", "/oauth/"],
    store: db.dialect === "sqlite" ? "memory" : "database",
  });
  await app.register(cookie, { secret: config.sessionSecret });
  app.decorate(
    "oauth",
    oauthService({
      kysely: db.kysely,
      now: () => app.now(),
      publicUrl: config.publicUrl,
      allowPrivateClientUrls: config.oauth.allowPrivateClientUrls,
    }),
  );
  await app.register(authenticatePlugin, { secret: config.sessionSecret });
  await app.register(csrfPlugin, { secret: config.sessionSecret, publicUrl: config.publicUrl });
  await app.register(idempotencyPlugin);
  await app.register(userDataCachePlugin);

  const webhookDeliveries = webhookDeliveriesJob({ db, now: () => app.now(), log: app.log, config });
  app.decorate("webhookDeliveries", webhookDeliveries);
  app.decorate(
    "webhookEvents",
    webhookEvents({
      kysely: db.kysely,
      now: () => app.now(),
      send: { allowPrivateUrls: config.webhooks.allowPrivateUrls },
      log: app.log,
      ...(config.rolloverScheduler.enabled ? { onQueued: () => webhookDeliveries.kick() } : {}),
    }),
  );
  const stopQueueingWebhooks = queueWebhooksOf(db.kysely, app.webhookEvents);
  app.addHook("onClose", async () => stopQueueingWebhooks());
  app.addHook("preClose", async () => {
    await app.webhookEvents.settled();
    await webhookDeliveries.stop();
  });

  await app.register(healthRoutes);
  await app.register(authRoutes, { config });
  await app.register(userRoutes, { isSecure: config.publicUrl.startsWith("https://") });
  await app.register(goalsRoutes);
  await app.register(dataTransferRoutes, { config });
  await app.register(tasksRoutes);
  await app.register(aiChatRoutes, { config: config.ai });
  await app.register(aiBreakdownRoutes, { config: config.ai });
  await app.register(aiAnalyticsRoutes);
  await app.register(proposalsRoutes);
  await app.register(dayPlanRoutes);
  await app.register(rolloverRoutes);
  await app.register(insightsRoutes, { config: config.ai });
  await app.register(tokensRoutes);
  await app.register(mcpRoutes, { config });
  await app.register(oauthRoutes, { config, oauth: app.oauth });
  await app.register(calendarRoutes, { config });
  await app.register(webhooksRoutes, { config });
  await app.register(pushRoutes, { config });
  await app.register(liveRoutes, options.liveHeartbeatMs ? { heartbeatMs: options.liveHeartbeatMs } : {});

  await app.register(webAppPlugin, { root: options.webRoot ?? defaultWebRoot });

  // Jobs start once the app is ready (their first run catches up on what fell due while no server ran) and
  // stop before the database closes.
  app.decorate("autoRollover", autoRolloverJob({ db, now: () => app.now(), log: app.log }));
  app.decorate("weeklySummaries", weeklySummaryJob({ db, now: () => app.now(), ai: config.ai, log: app.log }));
  app.decorate("stalledSessions", stalledSessionsJob({ db, now: () => app.now() }));
  app.decorate("calendarRefresh", calendarRefreshJob({ db, now: () => app.now(), log: app.log, config }));
  app.decorate("push", pushJob({ db, now: () => app.now(), log: app.log, config }));
  app.addHook("preClose", () => app.push.stop());
  if (config.rolloverScheduler.enabled) {
    let scheduler: Scheduler | undefined;
    let calendarScheduler: Scheduler | undefined;
    let webhookScheduler: Scheduler | undefined;
    let pushScheduler: Scheduler | undefined;
    app.addHook("onReady", async () => {
      scheduler = startScheduler({
        intervalMs: config.rolloverScheduler.intervalMs,
        // One tick runs each job; a failing one does not keep the others from their turn.
        run: async () => {
          await app.autoRollover.runDueRollovers().catch((error: unknown) => app.log.error({ err: error }, "auto rollover tick failed"));
          await app.stalledSessions
            .stallOverdueSessions()
            .catch((error: unknown) => app.log.error({ err: error }, "stalled rule tick failed"));
          await app.weeklySummaries.runDueSummaries();
        },
        onError: (error) => app.log.error({ err: error }, "weekly summary tick failed"),
      });
      // Calendar reads wait on other servers: ticks of their own, so that no calendar holds up a day's rollover.
      calendarScheduler = startScheduler({
        intervalMs: config.rolloverScheduler.intervalMs,
        run: () => app.calendarRefresh.refreshDueCalendars(),
        onError: (error) => app.log.error({ err: error }, "calendar refresh tick failed"),
      });
      webhookScheduler = startScheduler({
        intervalMs: WEBHOOK_TICK_MS,
        run: () => webhookDeliveries.deliverDue(),
        onError: (error) => app.log.error({ err: error }, "webhook delivery tick failed"),
      });
      // A committed task change brings its user's reminder check forward (decision 058).
      await app.push.listen();
      pushScheduler = startScheduler({
        intervalMs: PUSH_TICK_MS,
        run: () => app.push.tick(),
        onError: (error) => app.log.error({ err: error }, "push tick failed"),
      });
    });
    app.addHook("preClose", async () => {
      app.calendarRefresh.stop();
      await Promise.all([scheduler?.stop(), calendarScheduler?.stop(), webhookScheduler?.stop(), pushScheduler?.stop()]);
    });
  }
  return app;
}
