import { z } from "zod";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";
import { timeOfDaySchema } from "./tasks.ts";

import { PUSH_ENDPOINT_MAX_LENGTH, PUSH_LEAD_MINUTES } from "./push-limits.ts";

export * from "./push-limits.ts";

const keySchema = z
  .string({ error: "must be text" })
  .min(1, "is required")
  .max(200, "must be at most 200 characters")
  .regex(/^[A-Za-z0-9_-]+=*$/, "must be base64url text");

/** The browser's PushSubscription.toJSON(); expirationTime and unknown keys are ignored. */
export const createPushSubscriptionBodySchema = z.object({
  endpoint: z
    .string({ error: "must be text" })
    .trim()
    .min(1, "Push endpoint is required")
    .max(PUSH_ENDPOINT_MAX_LENGTH, `must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`)
    .refine(hasNoNul, NUL_MESSAGE),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: keySchema, auth: keySchema }, { error: "must hold p256dh and auth" }),
});
export type CreatePushSubscriptionBody = z.output<typeof createPushSubscriptionBodySchema>;

export const pushSubscriptionSchema = z.object({
  id: z.string(),
  deviceName: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type PushSubscriptionView = z.infer<typeof pushSubscriptionSchema>;
export const pushSubscriptionListSchema = z.array(pushSubscriptionSchema);
export const pushSubscriptionIdParamsSchema = z.object({ id: idSchema });
export const vapidPublicKeySchema = z.object({ publicKey: z.string() });
export const pushOkSchema = z.object({ ok: z.literal(true) });
export const pushTestResponseSchema = z.object({ devices: z.number() });

export const pushSettingsSchema = z.object({
  taskStart: z.boolean(),
  taskStartLeadMinutes: z.union(PUSH_LEAD_MINUTES.map((minutes) => z.literal(minutes))),
  wrapUp: z.boolean(),
  wrapUpTime: timeOfDaySchema,
  rolledOver: z.boolean(),
  stalled: z.boolean(),
  goalDeadline: z.boolean(),
  quietStart: timeOfDaySchema,
  quietEnd: timeOfDaySchema,
});
export type PushSettings = z.infer<typeof pushSettingsSchema>;

export const updatePushSettingsBodySchema = pushSettingsSchema.partial().strict();
export type UpdatePushSettingsBody = z.infer<typeof updatePushSettingsBodySchema>;

/** What a push carries: only what the notification shows, and the page a click opens. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}
