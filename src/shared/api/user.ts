import { z } from "zod";
import { canonicalTimeZone, isKnownTimeZone, isTimeOfDay } from "../rules/dates.ts";

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
  /** The working day, 'HH:MM' (09:00 and 17:00 until changed): the Timeline, 'Plan my day' and the capacity. */
  workdayStart: z.string(),
  workdayEnd: z.string(),
});
export type User = z.infer<typeof userSchema>;

const timeOfDaySchema = z.string().refine(isTimeOfDay, { message: "must be a time of day as HH:MM, such as 09:00" });

export const userPreferencesSchema = z
  .object({
    timeZone: z
      .string()
      .refine(isKnownTimeZone, { message: "must be an IANA time zone such as Europe/Paris" })
      .transform(canonicalTimeZone)
      .optional(),
    workdayStart: timeOfDaySchema.optional(),
    workdayEnd: timeOfDaySchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "give timeZone, workdayStart or workdayEnd" })
  .refine((body) => !body.workdayStart || !body.workdayEnd || body.workdayStart < body.workdayEnd, {
    message: "workdayEnd must be after workdayStart",
    path: ["workdayEnd"],
  });
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const deleteAccountBodySchema = z.object({ confirmEmail: z.string().min(1).max(320) }).strict();

export const identityProviderIds = ["google", "oidc", "local"] as const;
export type IdentityProviderId = (typeof identityProviderIds)[number];

export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(identityProviderIds), displayName: z.string() })),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

export const authOkResponseSchema = z.object({ ok: z.literal(true) });
