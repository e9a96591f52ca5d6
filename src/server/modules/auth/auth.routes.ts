import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { authOkResponseSchema, authProvidersResponseSchema } from "../../../shared/api/user.ts";
import { AppError } from "../../app-error.ts";
import type { Config } from "../../config.ts";
import { claimOnce } from "../../plugins/rate-limit.ts";
import { identitiesService } from "./identities.service.ts";
import { renderSignInChoicePage, renderSignInFailedPage } from "./local-provider-pages.ts";
import { LOCAL_CLIENT_ID, localClientSecret, localProvider } from "./local-provider.ts";
import { type ProviderSettings, RelyingParty, SignInError } from "./relying-party.ts";
import { clearSessionCookies, setSessionCookies } from "./session-cookies.ts";
import { REFRESH_COOKIE, SIGN_IN_COOKIE, SIGN_IN_FLOW_TTL_MS } from "./session-tokens.ts";
import { sessionsService } from "./sessions.service.ts";
import { decodeSignInFlow, encodeSignInFlow, sanitizeReturnTo, signInFlowKey } from "./sign-in-flow.ts";

const GOOGLE_ISSUER = "https://accounts.google.com";
const SIGN_IN_COOKIE_PATH = "/auth";

export const authRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const isSecure = config.publicUrl.startsWith("https://");
  const cookiePolicy = { isSecure, now: () => app.now() };
  const sessions = sessionsService({ db: app.db, secret: config.sessionSecret, now: () => app.now() });
  const identities = identitiesService({ kysely: app.db.kysely, now: () => app.now() });

  const providers: ProviderSettings[] = [];
  if (config.auth.google) {
    providers.push({ id: "google", displayName: "Google", issuer: GOOGLE_ISSUER, ...config.auth.google });
  }
  if (config.auth.oidc) {
    const { issuer, clientId, clientSecret, displayName } = config.auth.oidc;
    providers.push({ id: "oidc", displayName, issuer, clientId, clientSecret });
  }
  if (config.auth.localSignIn) {
    const local = localProvider(app, {
      publicUrl: config.publicUrl,
      dataDir: config.dataDir,
      sessionSecret: config.sessionSecret,
    });
    await local.register(app);
    providers.push({
      id: "local",
      displayName: "Local account",
      issuer: local.issuer,
      clientId: LOCAL_CLIENT_ID,
      clientSecret: localClientSecret(config.sessionSecret),
      // The local provider keeps no password: always show its page, so that one can switch accounts.
      authorizationParams: { prompt: "login" },
      fetch: local.fetch,
    });
  }

  // Session answers are personal: never cached by the browser or a proxy.
  app.addHook("onSend", async (request, reply) => {
    if (request.url.startsWith("/auth/")) reply.header("cache-control", "no-store");
  });

  app.get("/auth/providers", { schema: { response: { 200: authProvidersResponseSchema } } }, async () => ({
    providers: providers.map(({ id, displayName }) => ({ id, displayName })),
  }));

  const signInCookieOptions = { path: SIGN_IN_COOKIE_PATH, httpOnly: true, sameSite: "lax" as const, secure: isSecure };

  function signInFailed(request: FastifyRequest, reply: FastifyReply, provider: string, reason: string) {
    const message = `Sign-in failed: ${reason}`;
    request.log.warn({ provider, reason }, "sign-in failed");
    if ((request.headers.accept ?? "").includes("text/html")) {
      return reply
        .status(400)
        .type("text/html; charset=utf-8")
        .send(renderSignInFailedPage(message, `/auth/${provider}`));
    }
    return reply.status(400).send({ message, code: "bad_request" });
  }

  /** Sessions this browser still holds; a new sign-in ends them, as their cookies are replaced. */
  function presentedSessionIds(request: FastifyRequest): string[] {
    const ids = new Set<string>();
    if (request.sessionId) ids.add(request.sessionId);
    const ofRefreshToken = sessions.sessionIdOfRefreshToken(request.cookies[REFRESH_COOKIE]);
    if (ofRefreshToken) ids.add(ofRefreshToken);
    return [...ids];
  }

  for (const settings of providers) {
    const party = new RelyingParty(settings, config.publicUrl);
    const { id } = settings;

    // No HEAD twins: a HEAD must not start or, worse, use up a sign-in.
    app.get(
      `/auth/${id}`,
      { exposeHeadRoute: false, schema: { querystring: z.object({ returnTo: z.unknown().optional() }) } },
      async (request, reply) => {
        let start;
        try {
          start = await party.startAuthorization();
        } catch (error) {
          request.log.error({ err: error, provider: id }, "identity provider discovery failed");
          throw new AppError("unavailable", `${settings.displayName} sign-in is not reachable right now; try again later`);
        }
        const flow = {
          provider: id,
          state: start.state,
          nonce: start.nonce,
          codeVerifier: start.codeVerifier,
          returnTo: sanitizeReturnTo(request.query.returnTo),
          expiresAt: app.now().getTime() + SIGN_IN_FLOW_TTL_MS,
        };
        reply.setCookie(SIGN_IN_COOKIE, encodeSignInFlow(flow), {
          ...signInCookieOptions,
          signed: true,
          maxAge: SIGN_IN_FLOW_TTL_MS / 1000,
        });
        return reply.redirect(start.url.href, 302);
      },
    );

    app.get(`/auth/${id}/callback`, { exposeHeadRoute: false }, async (request, reply) => {
      // The flow is usable once: its cookie goes now, and its state is claimed in the database.
      const cookie = request.cookies[SIGN_IN_COOKIE];
      reply.clearCookie(SIGN_IN_COOKIE, signInCookieOptions);
      const unsigned = cookie ? request.unsignCookie(cookie) : undefined;
      const flow = unsigned?.valid && unsigned.value ? decodeSignInFlow(unsigned.value) : null;
      if (!flow || flow.provider !== id) {
        return signInFailed(request, reply, id, "no sign-in was started in this browser; start again");
      }
      const now = app.now();
      if (flow.expiresAt <= now.getTime()) return signInFailed(request, reply, id, "the sign-in took too long; start again");
      if (!(await claimOnce(app.db.kysely, signInFlowKey(flow), new Date(flow.expiresAt), now, request.log))) {
        return signInFailed(request, reply, id, "this sign-in was already completed; start again");
      }

      let claims;
      try {
        const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?") + 1) : "";
        claims = await party.finishAuthorization(query, flow);
      } catch (error) {
        if (error instanceof SignInError) return signInFailed(request, reply, id, error.message);
        throw error;
      }

      const userId = await identities.upsertUserFromClaims(claims);
      for (const previous of presentedSessionIds(request)) await sessions.revokeSession(previous);
      const session = await sessions.startSession(userId, request.headers["user-agent"] ?? null);
      setSessionCookies(reply, session, cookiePolicy);
      request.log.info({ userId, provider: id }, "signed in");
      return reply.redirect(flow.returnTo, 302);
    });
  }

  // A page of the server's own (OAuth's consent) sends a visitor here: a session the browser still holds
  // resumes without signing in again (the refresh cookie is only sent under /auth); else sign in.
  app.get(
    "/auth/resume",
    { exposeHeadRoute: false, schema: { querystring: z.object({ returnTo: z.unknown().optional() }) } },
    async (request, reply) => {
      const returnTo = sanitizeReturnTo(request.query.returnTo);
      const token = request.cookies[REFRESH_COOKIE];
      const outcome = token ? await sessions.refreshSession(token) : undefined;
      if (outcome?.ok) {
        setSessionCookies(reply, outcome.session, cookiePolicy);
        return reply.redirect(returnTo, 302);
      }
      const choices = providers.map(({ id, displayName }) => ({
        displayName,
        path: `/auth/${id}?returnTo=${encodeURIComponent(returnTo)}`,
      }));
      if (choices.length === 1) return reply.redirect(choices[0]!.path, 302);
      return reply.type("text/html; charset=utf-8").send(renderSignInChoicePage(choices));
    },
  );

  app.post(
    "/auth/refresh",
    { config: { csrfSessionFrom: "refresh" }, schema: { response: { 200: authOkResponseSchema } } },
    async (request, reply) => {
      const token = request.cookies[REFRESH_COOKIE];
      const outcome = token ? await sessions.refreshSession(token) : ({ ok: false, reason: "unknown" } as const);
      if (!outcome.ok) {
        if (outcome.reason === "reused") {
          request.log.warn("a rotated refresh token was presented again: its session is revoked");
        }
        clearSessionCookies(reply, cookiePolicy);
        throw new AppError("unauthorized", "Session expired: sign in again");
      }
      setSessionCookies(reply, outcome.session, cookiePolicy);
      return { ok: true as const };
    },
  );

  app.post(
    "/auth/logout",
    { config: { csrfSessionFrom: "access-or-refresh" }, schema: { response: { 200: authOkResponseSchema } } },
    async (request, reply) => {
      let ended = 0;
      for (const sessionId of presentedSessionIds(request)) if (await sessions.revokeSession(sessionId)) ended++;
      clearSessionCookies(reply, cookiePolicy);
      if (ended === 0) throw new AppError("unauthorized", "Not signed in");
      return { ok: true as const };
    },
  );
};
