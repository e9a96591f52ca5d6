import { z } from "zod";
import { canonicalTimeZone, isKnownTimeZone } from "../rules/dates.ts";

/** GET /api/user */
export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  timeZone: z.string(),
});
export type User = z.infer<typeof userSchema>;

/** PATCH /api/user/preferences: the browser's IANA zone, checked against the zone database and stored canonical. */
export const userPreferencesSchema = z
  .object({
    timeZone: z
      .string()
      .refine(isKnownTimeZone, { message: "must be an IANA time zone such as Europe/Paris" })
      .transform(canonicalTimeZone),
  })
  .strict();
export type UserPreferences = z.infer<typeof userPreferencesSchema>;

export const identityProviderIds = ["google", "oidc", "local"] as const;
export type IdentityProviderId = (typeof identityProviderIds)[number];

/** GET /auth/providers: the configured sign-in providers, for the welcome screen's buttons. */
export const authProvidersResponseSchema = z.object({
  providers: z.array(z.object({ id: z.enum(identityProviderIds), displayName: z.string() })),
});
export type AuthProvidersResponse = z.infer<typeof authProvidersResponseSchema>;

/** POST /auth/refresh and POST /auth/logout: 200 with this body, or 401 / 403 `{ message, code }`. */
export const authOkResponseSchema = z.object({ ok: z.literal(true) });
export type AuthOkResponse = z.infer<typeof authOkResponseSchema>;
