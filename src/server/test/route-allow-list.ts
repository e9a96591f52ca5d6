// Shared by the route harnesses (route-harness.test.ts) and the fuzzer (route-fuzz.test.ts).

/**
 * Routes that are not the app's own API, skipped by both harnesses. Keep this list short; every
 * entry says why. (Everything under /oidc is the built-in identity provider: it has no app session
 * to bind a CSRF token to, its ids are its own interaction ids, and its form is protected by its
 * interaction cookie and the cross-site check.)
 */
export const harnessAllowList: ReadonlyArray<{ url: string; reason: string }> = [
  { url: "/oidc/*", reason: "the built-in OpenID Connect provider's endpoints (token, discovery, JWKS, authorization)" },
  { url: "/oidc/interaction/:uid", reason: "the built-in provider's sign-in page; uid is its interaction id" },
  {
    url: "/mcp",
    reason: "the MCP endpoint takes a personal access token only (401 with cookies alone), so no CSRF token; its own tests: modules/mcp",
  },
  {
    url: "/calendar/:file",
    reason: "a user's calendar feed: the secret in the path is the credential (calendar apps send no session); tested in calendar.test.ts",
  },
  ...["/oauth/authorize", "/oauth/token", "/oauth/register", "/oauth/revoke"].map((url) => ({
    url,
    reason:
      "OAuth's own endpoints: they answer in RFC 6749's error format (the consent page in HTML), token, registration and revocation read no session so any site may call them, and the consent form carries its CSRF token in a field; tested in modules/oauth",
  })),
  { url: "/api/events", reason: "the change stream stays open (an injected request would never end); modules/live/live.test.ts covers it" },
];
