import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createdWebhookSchema,
  createWebhookBodySchema,
  deleteWebhookResponseSchema,
  updateWebhookBodySchema,
  webhookDeliveriesResponseSchema,
  webhookIdParamsSchema,
  webhookListResponseSchema,
  webhookSchema,
} from "../../../shared/api/webhooks.ts";
import type { Config } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { webhooksService } from "./webhooks.service.ts";

export const webhooksRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config: appConfig }) => {
  const webhooks = webhooksService({
    kysely: app.db.kysely,
    now: () => app.now(),
    send: { allowPrivateUrls: appConfig.webhooks.allowPrivateUrls },
  });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });
  const config = { refuseBearer: true };
  const params = webhookIdParamsSchema;

  app.get("/api/webhooks", { config, schema: { response: { 200: webhookListResponseSchema } } }, async (request) =>
    webhooks.listWebhooks(requireUserId(request)),
  );

  app.post(
    "/api/webhooks",
    { config, schema: { body: createWebhookBodySchema, response: { 201: createdWebhookSchema } } },
    async (request, reply) => reply.status(201).send(await webhooks.createWebhook(requireUserId(request), request.body)),
  );

  app.get("/api/webhooks/:id", { config, schema: { params, response: { 200: webhookSchema } } }, async (request) =>
    webhooks.getWebhook(requireUserId(request), request.params.id),
  );

  app.patch(
    "/api/webhooks/:id",
    { config, schema: { params, body: updateWebhookBodySchema, response: { 200: webhookSchema } } },
    async (request) => webhooks.updateWebhook(requireUserId(request), request.params.id, request.body),
  );

  app.delete("/api/webhooks/:id", { config, schema: { params, response: { 200: deleteWebhookResponseSchema } } }, async (request) => {
    await webhooks.deleteWebhook(requireUserId(request), request.params.id);
    return { ok: true as const };
  });

  app.get(
    "/api/webhooks/:id/deliveries",
    { config, schema: { params, response: { 200: webhookDeliveriesResponseSchema } } },
    async (request) => webhooks.listDeliveries(requireUserId(request), request.params.id),
  );

  app.post(
    "/api/webhooks/:id/test",
    { config, schema: { params, response: { 202: deleteWebhookResponseSchema } } },
    async (request, reply) => {
      await webhooks.queueTest(requireUserId(request), request.params.id);
      if (appConfig.rolloverScheduler.enabled) app.webhookDeliveries.kick();
      return reply.status(202).send({ ok: true as const });
    },
  );
};
