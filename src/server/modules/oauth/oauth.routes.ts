// The authorization server's endpoints (decision 057) and the MCP endpoint's protected resource metadata.
// The token, registration and revocation endpoints read no cookie, so any site may call them (CORS).
import formbody from "@fastify/formbody";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { clientRegistrationSchema, OAUTH_SCOPES, PROTECTED_RESOURCE_PATH } from "../../../shared/api/oauth.ts";
import type { Config } from "../../config.ts";
import { createCsrfToken, isValidCsrfToken } from "../auth/session-tokens.ts";
import { sanitizeReturnTo } from "../auth/sign-in-flow.ts";
import { renderAuthorizationErrorPage, renderConsentPage } from "./consent-page.ts";
import { type AuthorizationRequest, OauthError, type OauthService } from "./oauth.service.ts";

const AUTHORIZE_PATH = "/oauth/authorize";
const AUTHORIZATION_FIELDS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "state",
  "scope",
  "code_challenge",
  "code_challenge_method",
  "resource",
];

type Form = Record<string, string | undefined>;

/** Single values only: a parameter given twice is refused, as RFC 6749 asks. */
function formOf(input: unknown): Form {
  const form: Form = {};
  if (typeof input !== "object" || input === null) return form;
  for (const [key, value] of Object.entries(input)) {
    if (Array.isArray(value)) throw new OauthError("invalid_request", `The parameter ${key} was given more than once`);
    if (typeof value === "string") form[key] = value;
  }
  return form;
}

/** client_secret_basic: the id and secret, each form-encoded, in the Authorization header. */
function basicCredentials(header: string | undefined): { id: string; secret: string } | null {
  const match = header && /^Basic\s+(\S+)$/iu.exec(header);
  if (!match) return null;
  const decoded = Buffer.from(match[1]!, "base64").toString("utf8");
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  const read = (part: string) => decodeURIComponent(part.replace(/\+/gu, " "));
  return { id: read(decoded.slice(0, colon)), secret: read(decoded.slice(colon + 1)) };
}

function sendOauthError(reply: FastifyReply, error: OauthError) {
  if (error.status === 401) reply.header("www-authenticate", 'Basic realm="daywise"');
  return reply.status(error.status).header("cache-control", "no-store").send({ error: error.error, error_description: error.message });
}

export async function oauthRoutes(app: FastifyInstance, { config, oauth }: { config: Config; oauth: OauthService }) {
  const { issuer, resource } = oauth;
  const publicConfig = { csrfSessionFrom: "none" as const, anyOrigin: true, refuseBearer: true };

  app.addHook("onSend", async (request, reply) => {
    if (request.routeOptions.config.anyOrigin) reply.header("access-control-allow-origin", "*");
  });

  const resourceMetadata = {
    resource,
    authorization_servers: [issuer],
    scopes_supported: [...OAUTH_SCOPES],
    bearer_methods_supported: ["header"],
    resource_name: "Daywise",
  };
  for (const path of [new URL(oauth.resourceMetadataUrl).pathname, PROTECTED_RESOURCE_PATH]) {
    app.get(path, { config: publicConfig }, async () => resourceMetadata);
  }

  const serverMetadata = {
    issuer,
    authorization_endpoint: `${issuer}${AUTHORIZE_PATH}`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    revocation_endpoint: `${issuer}/oauth/revoke`,
    scopes_supported: [...OAUTH_SCOPES],
    response_types_supported: ["code"],
    response_modes_supported: ["query"],
    grant_types_supported: ["authorization_code", "refresh_token"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    revocation_endpoint_auth_methods_supported: ["none", "client_secret_post", "client_secret_basic"],
    client_id_metadata_document_supported: true,
    authorization_response_iss_parameter_supported: true,
  };
  app.get("/.well-known/oauth-authorization-server", { config: publicConfig }, async () => serverMetadata);

  // Browsers ask before a cross-site POST with a JSON body or an Authorization header.
  for (const path of ["/oauth/token", "/oauth/register", "/oauth/revoke"]) {
    app.options(path, { config: publicConfig }, async (_request, reply) =>
      reply
        .status(204)
        .header("access-control-allow-methods", "POST")
        .header("access-control-allow-headers", "authorization, content-type, mcp-protocol-version")
        .header("access-control-max-age", "86400")
        .send(),
    );
  }

  /** The request as checked; an untrustworthy one is answered with a page, any other fault goes back to the client. */
  async function checkedRequest(form: Form, reply: FastifyReply): Promise<AuthorizationRequest | null> {
    try {
      return await oauth.readAuthorizationRequest(form);
    } catch (error) {
      if (!(error instanceof OauthError)) throw error;
      if (error.redirectTo) {
        await reply.redirect(error.redirectTo, 303);
        return null;
      }
      await reply
        .status(400)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(renderAuthorizationErrorPage(error.message));
      return null;
    }
  }

  const askToSignIn = (request: FastifyRequest, reply: FastifyReply) =>
    reply.redirect(`/auth/resume?returnTo=${encodeURIComponent(sanitizeReturnTo(request.url))}`, 302);

  await app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });

    scope.get(AUTHORIZE_PATH, { config: { refuseBearer: true } }, async (request, reply) => {
      let form: Form;
      try {
        form = formOf(request.query);
      } catch (error) {
        return reply
          .status(400)
          .type("text/html; charset=utf-8")
          .send(renderAuthorizationErrorPage((error as Error).message));
      }
      const checked = await checkedRequest(form, reply);
      if (!checked) return reply;
      if (!request.userId || !request.sessionId) return askToSignIn(request, reply);
      const fields = Object.fromEntries(AUTHORIZATION_FIELDS.flatMap((name) => (form[name] === undefined ? [] : [[name, form[name]!]])));
      const target = new URL(checked.redirectUri);
      // The answer redirects to the client: the page's form may go there (CSP form-action covers redirects).
      const formTarget = target.protocol === "https:" || target.protocol === "http:" ? target.origin : target.protocol;
      const csp = String(reply.getHeader("content-security-policy") ?? "").replace(
        "form-action 'self'",
        `form-action 'self' ${formTarget}`,
      );
      return reply
        .header("content-security-policy", csp)
        .header("cache-control", "no-store")
        .type("text/html; charset=utf-8")
        .send(
          renderConsentPage({
            clientName: checked.client.name,
            clientAddress: checked.client.uri ?? (checked.client.id.includes("://") ? new URL(checked.client.id).host : null),
            redirectHost: target.host || target.protocol,
            scopes: checked.scopes,
            fields,
            csrfToken: createCsrfToken(config.sessionSecret, request.sessionId),
          }),
        );
    });

    // A same-site form post (the CSRF plugin refuses any other origin), its token in a field.
    scope.post(AUTHORIZE_PATH, { config: { csrfSessionFrom: "none", refuseBearer: true } }, async (request, reply) => {
      const form = formOf(request.body);
      if (!request.userId || !request.sessionId || !isValidCsrfToken(config.sessionSecret, request.sessionId, form.csrf)) {
        return reply
          .status(403)
          .type("text/html; charset=utf-8")
          .send(renderAuthorizationErrorPage("This page expired: start connecting again from the app"));
      }
      const checked = await checkedRequest(form, reply);
      if (!checked) return reply;
      const to = form.decision === "allow" ? await oauth.approve(request.userId, checked) : oauth.deny(checked);
      request.log.info({ userId: request.userId, clientId: checked.client.id, decision: form.decision }, "oauth authorization answered");
      return reply.redirect(to, 303);
    });

    scope.post("/oauth/token", { config: publicConfig }, async (request, reply) => {
      try {
        const form = formOf(request.body);
        const basic = basicCredentials(request.headers.authorization);
        if (basic && form.client_id !== undefined && form.client_id !== basic.id)
          throw new OauthError("invalid_request", "Two different client ids were given");
        const clientId = basic?.id ?? form.client_id;
        const secret = basic?.secret ?? form.client_secret;
        const answer =
          form.grant_type === "authorization_code"
            ? await oauth.exchangeCode({ ...form, client_id: clientId }, secret)
            : form.grant_type === "refresh_token"
              ? await oauth.refresh({ ...form, client_id: clientId }, secret)
              : (() => {
                  throw new OauthError("unsupported_grant_type", "Use authorization_code or refresh_token");
                })();
        return reply.header("cache-control", "no-store").header("pragma", "no-cache").send(answer);
      } catch (error) {
        if (error instanceof OauthError) return sendOauthError(reply, error);
        throw error;
      }
    });

    scope.post("/oauth/revoke", { config: publicConfig }, async (request, reply) => {
      try {
        const form = formOf(request.body);
        const basic = basicCredentials(request.headers.authorization);
        await oauth.revokeToken(form.token, basic?.id ?? form.client_id, basic?.secret ?? form.client_secret);
        return reply.header("cache-control", "no-store").send({});
      } catch (error) {
        if (error instanceof OauthError) return sendOauthError(reply, error);
        throw error;
      }
    });
  });

  app.post("/oauth/register", { config: publicConfig }, async (request, reply) => {
    const parsed = clientRegistrationSchema.safeParse(request.body ?? {});
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join(".");
      return sendOauthError(
        reply,
        new OauthError(
          field.startsWith("redirect_uris") ? "invalid_redirect_uri" : "invalid_client_metadata",
          `${field || "body"}: ${issue.message}`,
        ),
      );
    }
    const registered = await oauth.registerClient(parsed.data);
    request.log.info({ clientId: registered.client_id }, "oauth client registered");
    return reply.status(201).header("cache-control", "no-store").send(registered);
  });
}
