import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  rolloverPreviewBodySchema,
  rolloverPreviewResponseSchema,
  rolloverSettingsSchema,
  rolloverSummaryLookupSchema,
  rolloverSummaryParamsSchema,
  rolloverSummaryQuerySchema,
  rolloverSummarySchema,
  rolloverTriggerBodySchema,
  updateRolloverSettingsBodySchema,
} from "../../../shared/api/rollover.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { recurrenceService } from "../recurrence/recurrence.service.ts";
import { rolloverService } from "./rollover.service.ts";

export const rolloverRoutes: FastifyPluginAsyncZod = async (app) => {
  const recurrence = recurrenceService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  const rollover = rolloverService({ kysely: app.db.kysely, now: () => app.now(), recurrence });
  // Signed-out callers get 401 before their body or params are validated.
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/rollover/settings", { schema: { response: { 200: rolloverSettingsSchema } } }, async (request) =>
    rollover.getSettings(requireUserId(request)),
  );

  app.patch(
    "/api/rollover/settings",
    { schema: { body: updateRolloverSettingsBodySchema, response: { 200: rolloverSettingsSchema } } },
    async (request) => rollover.updateSettings(requireUserId(request), request.body),
  );

  // Preview and trigger take an optional body: a POST without one (Fastify: null) previews or rolls over today.
  app.post(
    "/api/rollover/preview",
    { schema: { body: rolloverPreviewBodySchema.nullish(), response: { 200: rolloverPreviewResponseSchema } } },
    async (request) => rollover.previewDay(requireUserId(request), request.body?.date),
  );

  app.post(
    "/api/rollover/trigger",
    { schema: { body: rolloverTriggerBodySchema.nullish(), response: { 200: rolloverSummarySchema } } },
    async (request) => {
      const summary = await rollover.rollOverDay(requireUserId(request), request.body ?? {});
      app.webhookEvents.emit(requireUserId(request), "day.closed", rolloverSummarySchema, summary);
      return summary;
    },
  );

  app.get(
    "/api/rollover/summary",
    { schema: { querystring: rolloverSummaryQuerySchema, response: { 200: rolloverSummaryLookupSchema } } },
    async (request) => ({ summary: await rollover.findSummary(requireUserId(request), request.query.date) }),
  );

  app.get(
    "/api/rollover/summary/:date",
    { schema: { params: rolloverSummaryParamsSchema, response: { 200: rolloverSummarySchema } } },
    async (request) => rollover.getSummary(requireUserId(request), request.params.date),
  );
};
