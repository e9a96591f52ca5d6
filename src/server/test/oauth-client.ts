// An MCP connector as the official SDK drives one: it registers itself, keeps its tokens in memory, and
// hands the consent page's address to the test, which plays the user's browser.
import { createHash, randomBytes } from "node:crypto";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";
import type { oauthService } from "../modules/oauth/oauth.service.ts";

export function memoryOAuthClient(client: { name: string; redirect: string; uri?: string }) {
  let saved: OAuthClientInformationMixed | undefined;
  let tokens: OAuthTokens | undefined;
  let verifier = "";
  let consentUrl: URL | undefined;
  const provider: OAuthClientProvider = {
    redirectUrl: client.redirect,
    clientMetadata: {
      client_name: client.name,
      ...(client.uri ? { client_uri: client.uri } : {}),
      redirect_uris: [client.redirect],
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
    },
    clientInformation: () => saved,
    saveClientInformation: (info) => void (saved = info),
    tokens: () => tokens,
    saveTokens: (next) => void (tokens = next),
    redirectToAuthorization: (url) => void (consentUrl = url),
    saveCodeVerifier: (value) => void (verifier = value),
    codeVerifier: () => verifier,
  };
  return { provider, consentUrl: () => consentUrl };
}

/** A connection made without the consent page: register a public client, approve, exchange the code.
 *  `approveAgain` leaves a second code unexchanged. */
export async function connectAppDirectly(oauth: ReturnType<typeof oauthService>, userId: string, redirect = "https://app.example/cb") {
  const client = await oauth.registerClient({
    redirect_uris: [redirect],
    token_endpoint_auth_method: "none",
    grant_types: ["authorization_code", "refresh_token"],
    response_types: ["code"],
  });
  const verifier = randomBytes(32).toString("base64url");
  const query = {
    response_type: "code",
    client_id: client.client_id,
    code_challenge: createHash("sha256").update(verifier).digest("base64url"),
    code_challenge_method: "S256",
    resource: oauth.resource,
  };
  const request = await oauth.readAuthorizationRequest(query);
  const code = new URL(await oauth.approve(userId, request)).searchParams.get("code")!;
  const tokens = await oauth.exchangeCode({ ...query, code, redirect_uri: redirect, code_verifier: verifier }, undefined);
  return { client, tokens, approveAgain: () => oauth.approve(userId, request) };
}
