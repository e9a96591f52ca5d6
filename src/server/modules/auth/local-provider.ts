// The built-in OpenID Connect provider under /oidc, for running Daywise on one's own machine. Its state lives
// in memory: it is meant for a single server instance.
import { createHash, generateKeyPairSync, randomUUID } from "node:crypto";
import { link, mkdir, readFile, unlink, writeFile } from "node:fs/promises";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import formbody from "@fastify/formbody";
import { LRUCache } from "lru-cache";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
// Types only: the provider module is slow to load, so getProvider imports it on first use.
import type { default as Provider, Configuration, JWK, KoaContextWithOIDC } from "oidc-provider";
import type { CustomFetch } from "openid-client";
import { z } from "zod";
import { deriveSecret } from "./session-tokens.ts";
import { escapeHtml } from "../../../shared/escape-html.ts";
import { renderSignInFailedPage, renderSignInPage } from "./local-provider-pages.ts";
import { createMemoryStore } from "./local-provider-store.ts";

const EXPIRED_SIGN_IN_PAGE = "This sign-in page has expired or was already used.";

export const LOCAL_PROVIDER_PATH = "/oidc";
export const LOCAL_CLIENT_ID = "daywise";
const JWKS_FILE = "oidc-jwks.json";
const MAX_REMEMBERED_ACCOUNTS = 10_000;
const SESSION_COOKIE = "local_idp_session";

export interface LocalProviderOptions {
  publicUrl: string;
  dataDir: string;
  sessionSecret: string;
}

export const localIssuer = (publicUrl: string) => `${publicUrl}${LOCAL_PROVIDER_PATH}`;
export const localClientSecret = (sessionSecret: string) => deriveSecret(sessionSecret, "local-oidc-client");

export function localSubject(email: string): string {
  return createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
}

export async function loadOrCreateSigningKeys(dataDir: string): Promise<{ keys: JWK[] }> {
  const file = path.join(dataDir, JWKS_FILE);
  const read = async () => {
    const parsed = JSON.parse(await readFile(file, "utf8")) as { keys?: JWK[] };
    if (!Array.isArray(parsed.keys) || parsed.keys.length === 0) throw new Error(`${file} holds no keys`);
    return { keys: parsed.keys };
  };
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: randomUUID(), alg: "RS256", use: "sig" } as JWK;
  await mkdir(dataDir, { recursive: true });
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, JSON.stringify({ keys: [jwk] }), { mode: 0o600 });
  try {
    await link(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    await unlink(temporary);
  }
  return read();
}

interface LocalAccount {
  name: string;
  email: string;
}

async function createLocalProvider(options: LocalProviderOptions, jwks: { keys: JWK[] }, accounts: LRUCache<string, LocalAccount>) {
  const { default: Provider } = await import("oidc-provider");
  const issuer = localIssuer(options.publicUrl);
  const cookieOptions = { signed: true, httpOnly: true, sameSite: "lax" as const };
  const configuration: Configuration = {
    clients: [
      {
        client_id: LOCAL_CLIENT_ID,
        client_secret: localClientSecret(options.sessionSecret),
        redirect_uris: [`${options.publicUrl}/auth/local/callback`],
        grant_types: ["authorization_code"],
        response_types: ["code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks,
    cookies: {
      names: { session: SESSION_COOKIE, interaction: "local_idp_interaction", resume: "local_idp_resume" },
      keys: [deriveSecret(options.sessionSecret, "local-oidc-cookies")],
      long: cookieOptions,
      short: cookieOptions,
    },
    adapter: createMemoryStore(),
    // Every artifact is short-lived: the sign-in page shows every time, and our relying party redeems the code at once.
    ttl: {
      Session: 10 * 60,
      Interaction: 30 * 60,
      Grant: 10 * 60,
      AuthorizationCode: 60,
      AccessToken: 5 * 60,
      IdToken: 5 * 60,
    },
    // The code must stay redeemable after the provider's short session ends.
    expiresWithSession: () => false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name"] },
    // The ID token carries name and e-mail, so the relying party needs no userinfo call.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: false },
    },
    interactions: {
      url: (_ctx: KoaContextWithOIDC, interaction) => `${LOCAL_PROVIDER_PATH}/interaction/${interaction.uid}`,
    },
    // No consent screen: our own client is granted the scopes it asks for.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const clientId = ctx.oidc.client?.clientId;
      const accountId = ctx.oidc.session?.accountId;
      if (!clientId || !accountId) return undefined;
      const existingId = ctx.oidc.result?.consent?.grantId ?? ctx.oidc.session?.grantIdFor(clientId);
      if (existingId) {
        const existing = await ctx.oidc.provider.Grant.find(existingId);
        if (existing) return existing;
      }
      const grant = new ctx.oidc.provider.Grant({ clientId, accountId });
      grant.addOIDCScope("openid email profile");
      await grant.save();
      return grant;
    },
    async findAccount(_ctx: KoaContextWithOIDC, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: () => ({ sub, name: account.name, email: account.email, email_verified: false }),
      };
    },
    async renderError(ctx: KoaContextWithOIDC, out) {
      ctx.type = "html";
      const description = [out.error, out.error_description].filter(Boolean).join(": ");
      ctx.body = renderSignInFailedPage(description || "The sign-in could not be completed.", "/auth/local");
    },
  };
  const provider = new Provider(issuer, configuration);
  // Our hand-over below sets X-Forwarded-* from PUBLIC_URL and Fastify's trusted client address.
  provider.proxy = true;
  return provider;
}

type RawRequest = IncomingMessage & { originalUrl?: string };

const signInFormSchema = z.object({
  name: z.string({ error: "Enter your name" }).trim().min(1, "Enter your name").max(200, "The name is too long"),
  email: z
    .string({ error: "Enter your e-mail address" })
    .trim()
    .max(320, "The e-mail address is too long")
    .pipe(z.email("Enter a valid e-mail address")),
});

// `fetch` calls the provider in-process (app.inject), so it works before the server listens and behind any proxy.
export function localProvider(app: FastifyInstance, options: LocalProviderOptions) {
  const accounts = new LRUCache<string, LocalAccount>({ max: MAX_REMEMBERED_ACCOUNTS });
  const publicUrl = new URL(options.publicUrl);
  let instance: Promise<{ provider: Provider; handle: ReturnType<Provider["callback"]> }> | undefined;

  // Created on first use so that starting the server and building every test app stay cheap.
  function getProvider() {
    instance ??= loadOrCreateSigningKeys(options.dataDir)
      .then(async (jwks) => {
        const provider = await createLocalProvider(options, jwks, accounts);
        provider.on("server_error", (_ctx: unknown, error: Error) => app.log.error({ err: error }, "local identity provider failed"));
        return { provider, handle: provider.callback() };
      })
      .catch((error: unknown) => {
        instance = undefined;
        throw error;
      });
    return instance;
  }

  function rememberAccount(subject: string, account: LocalAccount) {
    accounts.set(subject, account);
  }

  function prepareRawRequest(request: FastifyRequest): RawRequest {
    const raw = request.raw as RawRequest;
    raw.headers["x-forwarded-proto"] = publicUrl.protocol.replace(":", "");
    raw.headers["x-forwarded-host"] = publicUrl.host;
    raw.headers["x-forwarded-for"] = request.ip;
    return raw;
  }

  // The authorization endpoint never sees the provider's previous session: the sign-in page always comes, and
  // signing in as someone else never reaches the provider's "switch account" page (which needs a script).
  function forgetProviderSession(raw: RawRequest) {
    const cookie = raw.headers.cookie;
    if (!cookie) return;
    raw.headers.cookie = cookie
      .split(";")
      .filter((pair) => !pair.trim().startsWith(`${SESSION_COOKIE}=`) && !pair.trim().startsWith(`${SESSION_COOKIE}.sig=`))
      .join(";");
  }

  const fetchInProcess: CustomFetch = async (url, init) => {
    const target = new URL(url);
    if (target.origin !== publicUrl.origin) return fetch(url, init as RequestInit);
    const body = init.body;
    const payload =
      body === undefined || body === null
        ? undefined
        : typeof body === "string" || body instanceof URLSearchParams
          ? body.toString()
          : body instanceof ArrayBuffer || body instanceof Uint8Array
            ? Buffer.from(body as ArrayBuffer)
            : undefined;
    const response = await app.inject({
      method: init.method as "GET" | "POST",
      url: `${target.pathname}${target.search}`,
      headers: { ...init.headers, host: publicUrl.host },
      ...(payload !== undefined ? { payload } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of [value].flat()) headers.append(name, String(item));
    }
    const hasBody = ![204, 304].includes(response.statusCode) && response.rawPayload.length > 0;
    return new Response(hasBody ? new Uint8Array(response.rawPayload) : null, { status: response.statusCode, headers });
  };

  function failurePage(reply: FastifyReply, status: number, message: string) {
    return reply
      .status(status)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(renderSignInFailedPage(message, "/auth/local"));
  }

  const interactionParams = z.object({ uid: z.string().min(1).max(100) });

  const interactionRoutes: FastifyPluginAsyncZod = async (scope) => {
    await scope.register(formbody, { bodyLimit: 4096 });
    // The provider's own cookies protect these pages; there is no app session to bind a CSRF token to.
    const config = { csrfSessionFrom: "none" as const };

    async function findInteraction(request: FastifyRequest, uid: string, reply: FastifyReply) {
      const { provider } = await getProvider();
      try {
        const details = await provider.interactionDetails(prepareRawRequest(request), reply.raw as ServerResponse);
        return details.uid === uid ? { provider, details } : null;
      } catch {
        return null;
      }
    }

    scope.get(`${LOCAL_PROVIDER_PATH}/interaction/:uid`, { config, schema: { params: interactionParams } }, async (request, reply) => {
      const found = await findInteraction(request, request.params.uid, reply);
      if (!found) return failurePage(reply, 400, EXPIRED_SIGN_IN_PAGE);
      const { provider, details } = found;
      if (details.prompt.name === "consent" && details.session?.accountId) {
        // loadExistingGrant normally grants already; should a consent prompt come, grant it here.
        const grant = details.grantId
          ? await provider.Grant.find(details.grantId)
          : new provider.Grant({ accountId: details.session.accountId, clientId: String(details.params.client_id) });
        if (!grant) return failurePage(reply, 400, EXPIRED_SIGN_IN_PAGE);
        grant.addOIDCScope("openid email profile");
        const grantId = await grant.save();
        const to = await provider.interactionResult(request.raw, reply.raw, { consent: { grantId } });
        return reply.redirect(to, 303);
      }
      return reply
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(renderSignInPage({ action: `${LOCAL_PROVIDER_PATH}/interaction/${escapeHtml(details.uid)}` }));
    });

    scope.post(`${LOCAL_PROVIDER_PATH}/interaction/:uid`, { config, schema: { params: interactionParams } }, async (request, reply) => {
      const found = await findInteraction(request, request.params.uid, reply);
      if (!found) return failurePage(reply, 400, EXPIRED_SIGN_IN_PAGE);
      const { provider, details } = found;
      const form = signInFormSchema.safeParse(request.body ?? {});
      if (!form.success) {
        const submitted = (request.body ?? {}) as Record<string, unknown>;
        return reply
          .status(400)
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(
            renderSignInPage({
              action: `${LOCAL_PROVIDER_PATH}/interaction/${details.uid}`,
              name: typeof submitted.name === "string" ? submitted.name : "",
              email: typeof submitted.email === "string" ? submitted.email : "",
              error: form.error.issues.map((issue) => issue.message).join(". "),
            }),
          );
      }
      const subject = localSubject(form.data.email);
      rememberAccount(subject, { name: form.data.name, email: form.data.email });
      const to = await provider.interactionResult(
        request.raw,
        reply.raw,
        { login: { accountId: subject } },
        { mergeWithLastSubmission: false },
      );
      return reply.redirect(to, 303);
    });
  };

  const providerRoutes = async (scope: FastifyInstance) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));
    scope.route({
      method: ["GET", "POST", "OPTIONS"],
      url: `${LOCAL_PROVIDER_PATH}/*`,
      config: { csrfSessionFrom: "none" },
      handler: async (request, reply) => {
        const { handle } = await getProvider();
        const raw = prepareRawRequest(request);
        raw.originalUrl = raw.url;
        raw.url = (raw.url ?? "/").slice(LOCAL_PROVIDER_PATH.length) || "/";
        if (/^\/auth(\/|\?|$)/.test(raw.url)) forgetProviderSession(raw);
        reply.hijack();
        reply.raw.setHeader("x-request-id", request.id);
        await handle(raw, reply.raw);
      },
    });
  };

  return {
    issuer: localIssuer(options.publicUrl),
    fetch: fetchInProcess,
    async register(scope: FastifyInstance) {
      await scope.register(interactionRoutes);
      await scope.register(providerRoutes);
    },
  };
}
