import { z } from "zod";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";
import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH } from "./webhook-limits.ts";

export * from "./webhook-limits.ts";

const eventsSchema = z
  .array(z.enum(WEBHOOK_EVENTS, { error: `must be one of ${WEBHOOK_EVENTS.join(", ")}` }), { error: "must be a list of events" })
  .min(1, "Choose at least one event")
  .max(WEBHOOK_EVENTS.length, `must list at most ${WEBHOOK_EVENTS.length} events`)
  .transform((events) => [...new Set(events)]);

const urlSchema = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "Webhook address is required")
  .max(WEBHOOK_URL_MAX_LENGTH, `must be at most ${WEBHOOK_URL_MAX_LENGTH} characters`)
  .refine(hasNoNul, NUL_MESSAGE);

export const createWebhookBodySchema = z.object({ url: urlSchema, events: eventsSchema }).strict();
export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({ url: urlSchema.optional(), events: eventsSchema.optional(), enabled: z.boolean({ error: "must be true or false" }).optional() })
  .strict();
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  createdAt: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createdWebhookSchema = webhookSchema.extend({ secret: z.string() });
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;

export const webhookListResponseSchema = z.array(webhookSchema);
export const webhookIdParamsSchema = z.object({ id: idSchema });
export const deleteWebhookResponseSchema = z.object({ ok: z.literal(true) });

export const WEBHOOK_DELIVERY_STATUSES = ["pending", "succeeded", "failed"] as const;
export const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveriesResponseSchema = z.array(webhookDeliverySchema);

export const webhookDeletedSchema = z.object({ id: z.string(), deleted: z.literal(true) });
