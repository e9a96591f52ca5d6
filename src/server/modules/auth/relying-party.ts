// Discovery happens on first use: the built-in local provider lives in this server, which is not listening yet
// when the app is built. openid-client loads then too, not at start.
import type * as Oidc from "openid-client";
import type { IdentityProviderId } from "../../../shared/api/user.ts";
import type { IdentityClaims } from "./identities.service.ts";

export interface ProviderSettings {
  id: IdentityProviderId;
  displayName: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  authorizationParams?: Record<string, string>;
  fetch?: Oidc.CustomFetch;
}

export interface AuthorizationStart {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** Its message is safe to show. */
export class SignInError extends Error {
  override readonly name = "SignInError";
}

const SCOPE = "openid email profile";
const DISCOVERY_TIMEOUT_SECONDS = 10;

function isLocalHttp(issuer: string): boolean {
  const { protocol, hostname } = new URL(issuer);
  return protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

let oidcModule: Promise<typeof Oidc> | undefined;
const loadOidc = () => (oidcModule ??= import("openid-client"));

function describe(oidc: typeof Oidc, error: unknown): string {
  if (error instanceof oidc.AuthorizationResponseError) return `the provider answered ${error.error}`;
  if (error instanceof oidc.ResponseBodyError) return `the provider refused the code (${error.error})`;
  if (error instanceof Error) {
    // openid-client wraps the precise reason (which claim, which parameter) in its cause.
    return error.cause instanceof Error ? error.cause.message : error.message;
  }
  return String(error);
}

export class RelyingParty {
  readonly settings: ProviderSettings;
  readonly redirectUri: string;
  #configuration: Promise<Oidc.Configuration> | undefined;

  constructor(settings: ProviderSettings, publicUrl: string) {
    this.settings = settings;
    this.redirectUri = `${publicUrl}/auth/${settings.id}/callback`;
  }

  // A failed discovery is not cached, so that the next sign-in tries again.
  configuration(): Promise<Oidc.Configuration> {
    this.#configuration ??= loadOidc()
      .then((oidc) =>
        oidc.discovery(
          new URL(this.settings.issuer),
          this.settings.clientId,
          { client_secret: this.settings.clientSecret, redirect_uris: [this.redirectUri] },
          oidc.ClientSecretPost(this.settings.clientSecret),
          {
            timeout: DISCOVERY_TIMEOUT_SECONDS,
            ...(this.settings.fetch ? { [oidc.customFetch]: this.settings.fetch } : {}),
            ...(isLocalHttp(this.settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : {}),
          },
        ),
      )
      .catch((error: unknown) => {
        this.#configuration = undefined;
        throw error;
      });
    return this.#configuration;
  }

  async startAuthorization(): Promise<AuthorizationStart> {
    const configuration = await this.configuration();
    const oidc = await loadOidc();
    const codeVerifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      ...this.settings.authorizationParams,
      redirect_uri: this.redirectUri,
      scope: SCOPE,
      code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    return { url, state, nonce, codeVerifier };
  }

  async finishAuthorization(query: string, expected: { state: string; nonce: string; codeVerifier: string }): Promise<IdentityClaims> {
    const oidc = await loadOidc();
    let configuration: Oidc.Configuration;
    try {
      configuration = await this.configuration();
    } catch (error) {
      throw new SignInError(`the provider could not be reached: ${describe(oidc, error)}`);
    }
    const currentUrl = new URL(`${this.redirectUri}${query ? `?${query}` : ""}`);
    let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>;
    try {
      tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
        pkceCodeVerifier: expected.codeVerifier,
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        idTokenExpected: true,
      });
    } catch (error) {
      throw new SignInError(describe(oidc, error));
    }
    const claims = tokens.claims();
    if (!claims) throw new SignInError("the provider sent no ID token");
    const identity: IdentityClaims = { ...claims, iss: claims.iss, sub: claims.sub };
    const hasProfile = typeof identity.email === "string" && typeof identity.name === "string";
    if (!hasProfile && configuration.serverMetadata().userinfo_endpoint) {
      try {
        const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
        return { ...userInfo, ...identity, name: identity.name ?? userInfo.name, email: identity.email ?? userInfo.email };
      } catch {
        // The ID token alone is enough to sign in; the profile stays as complete as it is.
      }
    }
    return identity;
  }
}
