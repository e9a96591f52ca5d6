import { z } from "zod";

/** What an MCP client may ask for; a grant with tasks:write may also read. */
export const OAUTH_SCOPES = ["tasks:read", "tasks:write"] as const;
export type OauthScope = (typeof OAUTH_SCOPES)[number];

/** The consent page's and the Integrations list's words for each scope. */
export const OAUTH_SCOPE_WORDS: Record<OauthScope, string> = {
  "tasks:read": "See your tasks, goals and meetings",
  "tasks:write": "Create, change, complete and delete your tasks",
};

/** RFC 9728; the MCP endpoint's own is this path followed by /mcp. */
export const PROTECTED_RESOURCE_PATH = "/.well-known/oauth-protected-resource";
export const ACCESS_TOKEN_PREFIX = "dwat_";
export const REFRESH_TOKEN_PREFIX = "dwrt_";

const redirectUri = z
  .string()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      if (url.hash) return false;
      if (url.protocol === "https:") return true;
      // OAuth 2.1 native apps: http only to the loopback address; otherwise a private-use scheme (cursor://...).
      if (url.protocol === "http:") return ["127.0.0.1", "[::1]", "localhost"].includes(url.hostname);
      return !["javascript:", "data:", "file:", "vbscript:", "blob:", "about:"].includes(url.protocol);
    } catch {
      return false;
    }
  }, "must be an https address, a loopback http address or an app's own scheme, without a fragment");

/** RFC 7591 registration: public clients (PKCE) or ones holding a secret; codes and refresh tokens only. */
export const clientRegistrationSchema = z.object({
  redirect_uris: z.array(redirectUri).min(1, "at least one redirect_uri is required").max(10),
  client_name: z.string().trim().min(1).max(100).optional(),
  client_uri: z
    .url({ protocol: /^https?$/ })
    .max(2000)
    .optional(),
  token_endpoint_auth_method: z.enum(["none", "client_secret_post", "client_secret_basic"]).default("client_secret_basic"),
  grant_types: z.array(z.enum(["authorization_code", "refresh_token"])).default(["authorization_code", "refresh_token"]),
  response_types: z.array(z.literal("code")).default(["code"]),
  scope: z.string().max(200).optional(),
});
export type ClientRegistration = z.output<typeof clientRegistrationSchema>;

/** A Client ID Metadata Document: the client's id is the address it is read from. */
export const clientMetadataDocumentSchema = z.object({
  client_id: z.string(),
  client_name: z.string().trim().min(1).max(100).optional(),
  client_uri: z.url().max(2000).optional(),
  redirect_uris: z.array(redirectUri).min(1).max(20),
  token_endpoint_auth_method: z.literal("none").default("none"),
});
