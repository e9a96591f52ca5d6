// Daywise as the authorization server of its own MCP endpoint (decision 057): clients registered (RFC 7591)
// or known by their metadata document's address, the code grant with PKCE S256 only, tokens bound to the
// one resource, refresh tokens rotated on each use with a replay ending the whole grant.
import { createHash, randomBytes, randomUUID, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import {
  ACCESS_TOKEN_PREFIX,
  type ClientRegistration,
  clientMetadataDocumentSchema,
  OAUTH_SCOPES,
  type OauthScope,
  PROTECTED_RESOURCE_PATH,
  REFRESH_TOKEN_PREFIX,
} from "../../../shared/api/oauth.ts";
import type { TokenScope } from "../../../shared/api/tokens.ts";
import type { Database } from "../../db/schema.ts";
import { CalendarFetchError, fetchUntrusted } from "../calendar/calendar-fetch.ts";
import { hashTokenSecret } from "../tokens/token-secrets.ts";
import { type OauthClientRow, oauthRepository } from "./oauth.repository.ts";

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
export const ACCESS_TOKEN_TTL_S = 3600;
/** Idle lifetime: each use rotates the token and starts it again, so a connector in use never asks twice. */
export const REFRESH_TOKEN_TTL_MS = 90 * DAY_MS;
const CODE_TTL_MS = 5 * MINUTE_MS;
/** A metadata document is read again after this (its redirect addresses may change). */
const CLIENT_DOCUMENT_TTL_MS = 60 * MINUTE_MS;
const CLIENT_DOCUMENT_MAX_BYTES = 64 * 1024;
const CLIENT_DOCUMENT_TIMEOUT_MS = 5000;
const LAST_USED_EVERY_MS = MINUTE_MS;

/** An RFC 6749 error: `redirect` when it may go back to the client's address, else shown to the user. */
export class OauthError extends Error {
  redirectTo?: string;
  constructor(
    readonly error: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

export interface AuthorizationRequest {
  client: OauthClientRow;
  redirectUri: string;
  state: string | undefined;
  codeChallenge: string;
  scopes: OauthScope[];
  resource: string;
}

export interface TokenAnswer {
  access_token: string;
  token_type: "Bearer";
  expires_in: number;
  refresh_token: string;
  scope: string;
}

const base64url = (bytes: Buffer) => bytes.toString("base64url");
const sha256 = (text: string) => createHash("sha256").update(text).digest();

/** 'write' when the grant may write: the same two levels a personal access token has. */
export function tokenScopeOf(scope: string): TokenScope {
  return scope.split(" ").includes("tasks:write") ? "write" : "read";
}

export function redirectWith(redirectUri: string, params: Record<string, string | undefined>): string {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, value);
  return url.href;
}

export function oauthService(deps: {
  kysely: Kysely<Database>;
  now: () => Date;
  publicUrl: string;
  /** Client metadata documents on loopback and private networks, and over http (tests). */
  allowPrivateClientUrls: boolean;
}) {
  const repository = oauthRepository(deps.kysely);
  const issuer = deps.publicUrl.replace(/\/+$/u, "");
  const resource = `${issuer}/mcp`;
  const nowIso = () => deps.now().toISOString();

  function isDocumentClientId(clientId: string): boolean {
    return clientId.startsWith("https://") || (deps.allowPrivateClientUrls && clientId.startsWith("http://"));
  }

  async function readClientDocument(clientId: string): Promise<OauthClientRow> {
    let url: URL;
    try {
      url = new URL(clientId);
    } catch {
      throw new OauthError("invalid_client", "The client's id is not a web address");
    }
    if (url.pathname === "/" || url.hash || url.username || url.password)
      throw new OauthError("invalid_client", "The client's id must be an address with a path, without a fragment or credentials");
    let text: string;
    try {
      text = await fetchUntrusted(url, {
        subject: "client's metadata document",
        allowPrivateUrls: deps.allowPrivateClientUrls,
        timeoutMs: CLIENT_DOCUMENT_TIMEOUT_MS,
        maxBytes: CLIENT_DOCUMENT_MAX_BYTES,
        headers: { accept: "application/json", "user-agent": "Daywise OAuth" },
      });
    } catch (error) {
      if (error instanceof CalendarFetchError) throw new OauthError("invalid_client", error.message);
      throw error;
    }
    let parsed;
    try {
      parsed = clientMetadataDocumentSchema.safeParse(JSON.parse(text));
    } catch {
      throw new OauthError("invalid_client", "The client's metadata document is not JSON");
    }
    if (!parsed.success) throw new OauthError("invalid_client", "The client's metadata document is not valid: it needs redirect_uris");
    if (parsed.data.client_id !== clientId)
      throw new OauthError("invalid_client", "The client's metadata document names another client_id");
    const client: OauthClientRow = {
      id: clientId,
      name: parsed.data.client_name ?? url.host,
      uri: parsed.data.client_uri ?? null,
      redirectUris: JSON.stringify(parsed.data.redirect_uris),
      authMethod: "none",
      secretHash: null,
      createdAt: nowIso(),
    };
    await repository.saveClient(client);
    return client;
  }

  async function findClient(clientId: string | undefined): Promise<OauthClientRow> {
    if (!clientId || clientId.length > 2000) throw new OauthError("invalid_client", "The client_id is missing");
    const known = await repository.findClient(clientId);
    if (isDocumentClientId(clientId)) {
      const fresh = known && Date.parse(known.createdAt) > deps.now().getTime() - CLIENT_DOCUMENT_TTL_MS;
      return fresh ? known : readClientDocument(clientId);
    }
    if (!known) throw new OauthError("invalid_client", "This client is not registered with Daywise: register it again");
    return known;
  }

  function parseScopes(scope: string | undefined): OauthScope[] {
    if (scope === undefined || scope.trim() === "") return [...OAUTH_SCOPES];
    const asked = [...new Set(scope.trim().split(/\s+/u))];
    if (asked.some((item) => !(OAUTH_SCOPES as readonly string[]).includes(item)))
      throw new OauthError("invalid_scope", `Daywise grants ${OAUTH_SCOPES.join(" and ")} only`);
    return OAUTH_SCOPES.filter((item) => asked.includes(item));
  }

  function checkResource(value: string | undefined): string {
    if (value === undefined) throw new OauthError("invalid_target", `The resource parameter is required: ${resource}`);
    if (value.replace(/\/+$/u, "") !== resource) throw new OauthError("invalid_target", `Daywise issues tokens for ${resource} only`);
    return resource;
  }

  async function issueTokens(grant: { id: string; userId: string; scope: string }): Promise<TokenAnswer> {
    const at = deps.now().getTime();
    const access = `${ACCESS_TOKEN_PREFIX}${base64url(randomBytes(32))}`;
    const refresh = `${REFRESH_TOKEN_PREFIX}${base64url(randomBytes(32))}`;
    await repository.insertTokens([
      {
        tokenHash: hashTokenSecret(access),
        grantId: grant.id,
        userId: grant.userId,
        kind: "access",
        expiresAt: new Date(at + ACCESS_TOKEN_TTL_S * 1000).toISOString(),
        usedAt: null,
      },
      {
        tokenHash: hashTokenSecret(refresh),
        grantId: grant.id,
        userId: grant.userId,
        kind: "refresh",
        expiresAt: new Date(at + REFRESH_TOKEN_TTL_MS).toISOString(),
        usedAt: null,
      },
    ]);
    return { access_token: access, token_type: "Bearer", expires_in: ACCESS_TOKEN_TTL_S, refresh_token: refresh, scope: grant.scope };
  }

  /** The client, when its secret (if it has one) is right; RFC 6749 section 2.3. */
  async function authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<OauthClientRow> {
    let client: OauthClientRow;
    try {
      client = await findClient(clientId);
    } catch (error) {
      if (error instanceof OauthError) throw new OauthError("invalid_client", error.message, 401);
      throw error;
    }
    if (client.secretHash !== null) {
      const given = secret === undefined ? null : Buffer.from(hashTokenSecret(secret));
      if (!given || !timingSafeEqual(given, Buffer.from(client.secretHash)))
        throw new OauthError("invalid_client", "The client's secret is missing or wrong", 401);
    }
    return client;
  }

  return {
    issuer,
    resource,
    /** RFC 9728's address for the MCP endpoint, named in each of its 401s. */
    resourceMetadataUrl: `${issuer}${PROTECTED_RESOURCE_PATH}/mcp`,

    async registerClient(body: ClientRegistration) {
      const id = `dwc_${base64url(randomBytes(18))}`;
      const secret = body.token_endpoint_auth_method === "none" ? null : `dwcs_${base64url(randomBytes(32))}`;
      const createdAt = deps.now();
      const name = body.client_name ?? new URL(body.redirect_uris[0]!).host ?? "MCP client";
      await repository.saveClient({
        id,
        name: name || "MCP client",
        uri: body.client_uri ?? null,
        redirectUris: JSON.stringify(body.redirect_uris),
        authMethod: body.token_endpoint_auth_method,
        secretHash: secret === null ? null : hashTokenSecret(secret),
        createdAt: createdAt.toISOString(),
      });
      return {
        client_id: id,
        client_id_issued_at: Math.floor(createdAt.getTime() / 1000),
        ...(secret === null ? {} : { client_secret: secret, client_secret_expires_at: 0 }),
        client_name: name || "MCP client",
        ...(body.client_uri ? { client_uri: body.client_uri } : {}),
        redirect_uris: body.redirect_uris,
        token_endpoint_auth_method: body.token_endpoint_auth_method,
        grant_types: body.grant_types,
        response_types: body.response_types,
      };
    },

    /**
     * Checks an authorization request. An unknown client or redirect address throws an OauthError without
     * `redirectTo` (shown to the user: the address cannot be trusted); any other fault has one.
     */
    async readAuthorizationRequest(query: Record<string, string | undefined>): Promise<AuthorizationRequest> {
      const client = await findClient(query.client_id);
      const redirectUris = JSON.parse(client.redirectUris) as string[];
      const redirectUri = query.redirect_uri ?? (redirectUris.length === 1 ? redirectUris[0] : undefined);
      if (!redirectUri || !redirectUris.includes(redirectUri))
        throw new OauthError("invalid_request", "The redirect_uri is not one this client registered");
      const back = (error: OauthError) =>
        Object.assign(error, {
          redirectTo: redirectWith(redirectUri, { error: error.error, error_description: error.message, state: query.state, iss: issuer }),
        });
      try {
        if (query.response_type !== "code") throw new OauthError("unsupported_response_type", "Only response_type=code is supported");
        if (query.code_challenge_method !== "S256")
          throw new OauthError("invalid_request", "PKCE with code_challenge_method=S256 is required");
        if (!query.code_challenge || !/^[A-Za-z0-9_-]{43,128}$/u.test(query.code_challenge))
          throw new OauthError("invalid_request", "The code_challenge is missing or malformed");
        return {
          client,
          redirectUri,
          state: query.state,
          codeChallenge: query.code_challenge,
          scopes: parseScopes(query.scope),
          resource: checkResource(query.resource),
        };
      } catch (error) {
        if (error instanceof OauthError) throw back(error);
        throw error;
      }
    },

    /** The user allowed it: a one-use code for the client's address. */
    async approve(userId: string, request: AuthorizationRequest): Promise<string> {
      const code = base64url(randomBytes(32));
      await repository.deleteExpiredCodes(nowIso());
      await repository.insertCode({
        codeHash: hashTokenSecret(code),
        userId,
        clientId: request.client.id,
        redirectUri: request.redirectUri,
        codeChallenge: request.codeChallenge,
        scope: request.scopes.join(" "),
        resource: request.resource,
        expiresAt: new Date(deps.now().getTime() + CODE_TTL_MS).toISOString(),
      });
      return redirectWith(request.redirectUri, { code, state: request.state, iss: issuer });
    },

    deny(request: AuthorizationRequest): string {
      return redirectWith(request.redirectUri, {
        error: "access_denied",
        error_description: "The user did not allow access",
        state: request.state,
        iss: issuer,
      });
    },

    async exchangeCode(form: Record<string, string | undefined>, clientSecret: string | undefined): Promise<TokenAnswer> {
      const client = await authenticateClient(form.client_id, clientSecret);
      const code = form.code ? await repository.takeCode(hashTokenSecret(form.code)) : undefined;
      if (!code || code.clientId !== client.id || code.expiresAt <= nowIso())
        throw new OauthError("invalid_grant", "The code is unknown, used or expired: authorize again");
      if (form.redirect_uri !== code.redirectUri)
        throw new OauthError("invalid_grant", "The redirect_uri differs from the authorization's");
      const verifier = form.code_verifier ?? "";
      if (!/^[A-Za-z0-9._~-]{43,128}$/u.test(verifier) || base64url(sha256(verifier)) !== code.codeChallenge)
        throw new OauthError("invalid_grant", "The code_verifier does not match the code_challenge");
      if (checkResource(form.resource) !== code.resource)
        throw new OauthError("invalid_target", "The resource differs from the authorization's");
      const grant = {
        id: randomUUID(),
        userId: code.userId,
        clientId: client.id,
        clientName: client.name,
        scope: code.scope,
        resource: code.resource,
      };
      await repository.insertGrant({ ...grant, createdAt: nowIso(), lastUsedAt: null, revokedAt: null });
      await repository.revokeOtherGrants(grant.userId, client.id, grant.id, nowIso());
      return issueTokens(grant);
    },

    async refresh(form: Record<string, string | undefined>, clientSecret: string | undefined): Promise<TokenAnswer> {
      const client = await authenticateClient(form.client_id, clientSecret);
      const hash = form.refresh_token ? hashTokenSecret(form.refresh_token) : "";
      const found = hash ? await repository.findRefreshToken(hash) : undefined;
      const now = nowIso();
      if (!found || found.revokedAt !== null || found.clientId !== client.id || found.expiresAt <= now)
        throw new OauthError("invalid_grant", "The refresh token is unknown, revoked or expired: authorize again");
      if (form.resource !== undefined) checkResource(form.resource);
      if (found.usedAt !== null || !(await repository.markRefreshUsed(hash, now))) {
        // A rotated token came back: someone holds a copy, so the whole connection ends (OAuth 2.1, 4.3.1).
        await repository.revokeGrant(found.grantId, null, now);
        throw new OauthError("invalid_grant", "The refresh token was already used: this connection is revoked, authorize again");
      }
      await repository.deleteExpiredTokens(found.grantId, now);
      return issueTokens({ id: found.grantId, userId: found.userId, scope: found.scope });
    },

    /** RFC 7009: a refresh token ends its grant, an access token itself; unknown tokens are no error. */
    async revokeToken(token: string | undefined, clientId: string | undefined, clientSecret: string | undefined): Promise<void> {
      const client = await authenticateClient(clientId, clientSecret);
      if (!token) return;
      const hash = hashTokenSecret(token);
      const found = await repository.findTokenGrant(hash);
      if (!found || found.clientId !== client.id) return;
      if (found.kind === "refresh") await repository.revokeGrant(found.grantId, null, nowIso());
      else await repository.deleteToken(hash);
    },

    /** Each request's check, one indexed query: a revoked grant is refused at once by every instance. */
    async findAccessTokenUser(token: string) {
      const found = await repository.findAccessTokenUser(hashTokenSecret(token));
      if (!found || found.expiresAt <= nowIso()) return undefined;
      const now = deps.now();
      const before = new Date(now.getTime() - LAST_USED_EVERY_MS).toISOString();
      if (found.lastUsedAt === null || found.lastUsedAt < before) {
        repository.touchLastUsed(found.id, now.toISOString(), before).catch(() => undefined);
      }
      return {
        grantId: found.id,
        userId: found.userId,
        scope: tokenScopeOf(found.scope),
        resource: found.resource,
        dataVersion: found.dataVersion,
      };
    },

    listConnections: (userId: string) => repository.listGrants(userId),
    revokeConnection: (userId: string, grantId: string) => repository.revokeGrant(grantId, userId, nowIso()),
  };
}

export type OauthService = ReturnType<typeof oauthService>;
