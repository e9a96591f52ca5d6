import { z } from "zod";
import { canonicalTimeZone, isKnownTimeZone } from "../rules/dates.ts";

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userPreferencesSchema = z
  .object({
    timeZone: z
      .string()
      .refine(isKnownTimeZone, { message: "must be an IANA time zone such as Europe/Paris" })
      .transform(canonicalTimeZone),
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const deleteAccountBodySchema = z.object({ confirmEmail: z.string().min(1).max(320) }).strict();

export const identityProviderIds = ["google", "oidc", "local"] as const;
export type IdentityProviderId = (typeof identityProviderIds)[number];

export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(identityProviderIds), displayName: z.string() })),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

export const authOkResponseSchema = z.object({ ok: z.literal(true) });
