import { z } from "zod";
import { hasNoNul, idSchema, NUL_MESSAGE } from "./text.ts";

export const TOKEN_PREFIX = "dw_";
export const TOKEN_NAME_MAX_LENGTH = 100;
export const TOKEN_MAX_EXPIRY_DAYS = 366;
export const TOKEN_SCOPES = ["read", "write"] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

export const tokenScopeSchema = z.enum(TOKEN_SCOPES, { error: 'must be "read" or "write"' });

export const createTokenBodySchema = z
  .object({
    name: z
      .string({ error: "must be text" })
      .trim()
      .min(1, "Token name is required")
      .max(TOKEN_NAME_MAX_LENGTH, `must be at most ${TOKEN_NAME_MAX_LENGTH} characters`)
      .refine(hasNoNul, NUL_MESSAGE),
    scope: tokenScopeSchema,
    /** Omitted: the token never expires. */
    expiresInDays: z
      .number({ error: "must be a whole number of days" })
      .int("must be a whole number of days")
      .min(1, "must be at least 1 day")
      .max(TOKEN_MAX_EXPIRY_DAYS, `must be at most ${TOKEN_MAX_EXPIRY_DAYS} days`)
      .optional(),
  })
  .strict();
export type CreateTokenInput = z.input<typeof createTokenBodySchema>;
export type CreateTokenBody = z.output<typeof createTokenBodySchema>;

export const personalAccessTokenSchema = z.object({
  id: z.string(),
  /** "connection": an app the user allowed through OAuth (its name is the app's); revoked the same way. */
  kind: z.enum(["personal", "connection"]),
  name: z.string(),
  scope: tokenScopeSchema,
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type PersonalAccessToken = z.infer<typeof personalAccessTokenSchema>;

/** The one answer that carries the secret: it is shown once and never again. */
export const createdTokenSchema = personalAccessTokenSchema.omit({ lastUsedAt: true }).extend({ token: z.string() });
export type CreatedToken = z.infer<typeof createdTokenSchema>;

export const tokenListResponseSchema = z.array(personalAccessTokenSchema);
export const tokenIdParamsSchema = z.object({ id: idSchema });
export const revokeTokenResponseSchema = z.object({ ok: z.literal(true) });
