import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createPushSubscriptionBodySchema,
  pushOkSchema,
  pushSettingsSchema,
  pushSubscriptionIdParamsSchema,
  pushSubscriptionListSchema,
  pushSubscriptionSchema,
  pushTestResponseSchema,
  updatePushSettingsBodySchema,
  vapidPublicKeySchema,
} from "../../../shared/api/push.ts";
import type { Config } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { pushService } from "./push.service.ts";

export const pushRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config: appConfig }) => {
  const push = pushService({ kysely: app.db.kysely, now: () => app.now(), config: appConfig });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });
  // A device is the signed-in browser's own: a token's script has no push subscription to give.
  const config = { refuseBearer: true };

  app.get("/api/push/vapid-public-key", { config, schema: { response: { 200: vapidPublicKeySchema } } }, async () => ({
    publicKey: await push.vapidPublicKey(),
  }));

  app.get("/api/push/subscriptions", { config, schema: { response: { 200: pushSubscriptionListSchema } } }, async (request) =>
    push.listSubscriptions(requireUserId(request)),
  );

  app.post(
    "/api/push/subscriptions",
    { config, schema: { body: createPushSubscriptionBodySchema, response: { 201: pushSubscriptionSchema } } },
    async (request, reply) =>
      reply.status(201).send(await push.subscribe(requireUserId(request), request.body, request.headers["user-agent"])),
  );

  app.delete(
    "/api/push/subscriptions/:id",
    { config, schema: { params: pushSubscriptionIdParamsSchema, response: { 200: pushOkSchema } } },
    async (request) => {
      await push.deleteSubscription(requireUserId(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.post("/api/push/test", { config, schema: { response: { 202: pushTestResponseSchema } } }, async (request, reply) => {
    const devices = await push.queueTest(requireUserId(request));
    if (appConfig.rolloverScheduler.enabled) app.push.kick();
    return reply.status(202).send({ devices });
  });

  app.get("/api/push/settings", { config, schema: { response: { 200: pushSettingsSchema } } }, async (request) =>
    push.getSettings(requireUserId(request)),
  );

  app.patch(
    "/api/push/settings",
    { config, schema: { body: updatePushSettingsBodySchema, response: { 200: pushSettingsSchema } } },
    async (request) => push.updateSettings(requireUserId(request), request.body),
  );
};
