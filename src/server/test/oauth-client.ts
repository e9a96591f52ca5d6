// An MCP connector as the official SDK drives one: it registers itself, keeps its tokens in memory, and
// hands the consent page's address to the test, which plays the user's browser.
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type { OAuthClientInformationMixed, OAuthTokens } from "@modelcontextprotocol/sdk/shared/auth.js";

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
