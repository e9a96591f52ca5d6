// The OpenAPI 3.1 description, generated from the zod contracts the routes validate and answer with.
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import { OPERATIONS } from "./openapi-operations.ts";

export const OPENAPI_PATH = "/api/openapi.json";

const ERROR_SCHEMA_REF = { $ref: "#/components/schemas/Error" };
const error = (description: string, message: string, code: string) => ({
  description,
  content: { "application/json": { schema: ERROR_SCHEMA_REF, example: { message, code } } },
});

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

function errorResponses(method: string, url: string, callsModel: boolean) {
  return {
    400: error("Invalid request", "Invalid body: title: Task title is required", "validation_failed"),
    401: error("No valid session or token; with a token, WWW-Authenticate: Bearer", "Not signed in", "unauthorized"),
    403: error(
      "A read-only token on a write, a missing CSRF token, or a session-only route",
      "This token is read-only",
      "insufficient_scope",
    ),
    ...(url.includes(":") ? { 404: error("Not found, or another user's", "Task not found", "not_found") } : {}),
    ...(MUTATING.has(method)
      ? {
          409: error(
            "A request with this Idempotency-Key still runs (with Retry-After), or the change conflicts with the data",
            "A request with this Idempotency-Key is still running: wait for its answer, then repeat it",
            "conflict",
          ),
          422: error(
            "This Idempotency-Key was used for another request",
            "This Idempotency-Key was already used for another request: send a new key for a new request",
            "idempotency_key_reused",
          ),
        }
      : {}),
    ...(callsModel
      ? {
          429: error(
            "Over the per-user AI call limits (with Retry-After)",
            "You have sent 20 messages to the assistant this minute, the most allowed; try again in 30 seconds",
            "too_many_requests",
          ),
        }
      : {}),
  };
}

type Transform = typeof jsonSchemaTransform;

// Only the app's own API: the sign-in routes, the built-in provider and the web app's pages are not described.
const transform: Transform = (input) => {
  const { url, route } = input;
  if (!url.startsWith("/api/") || url === OPENAPI_PATH) return { schema: { hide: true }, url };
  const result = jsonSchemaTransform(input);
  // A route without a schema (a stream, a download) is still described, by its errors.
  const schema = (result.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  result.schema = schema as typeof result.schema;
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const names = OPERATIONS[`${method} ${url.replace(/:(\w+)/g, "{$1}")}`];
  if (names) Object.assign(schema, { operationId: names.operationId, summary: names.summary });
  schema.tags = [url.split("/")[2]];
  const answer = names?.answer;
  const described = answer && {
    [answer.status]: {
      description: answer.description,
      // @fastify/swagger describes `type: "null"` as an answer without a body.
      ...(answer.mediaType ? { content: { [answer.mediaType]: { schema: { type: "string" } } } } : { type: "null" }),
    },
  };
  schema.response = { ...errorResponses(method, url, names?.callsModel === true), ...described, ...schema.response };
  // The session's writes carry the CSRF header too; a token needs nothing more.
  const session = MUTATING.has(method) ? { cookieAuth: [], csrfToken: [] } : { cookieAuth: [] };
  schema.security = route.config?.refuseBearer ? [session] : [{ bearerAuth: [] }, session];
  return result;
};

export const openapiPlugin = fp(async function openapi(app: FastifyInstance, options: { publicUrl: string }) {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Daywise API",
        version: "1.0.0",
        description:
          "The web app's own API. Scripts and tools call it with a personal access token (Settings → Integrations): " +
          "`Authorization: Bearer dw_...`. A read token may call GET only; the token routes need the web app's session.",
      },
      servers: [{ url: options.publicUrl, description: "This Daywise server" }],
      components: {
        schemas: {
          Error: {
            type: "object",
            properties: {
              message: { type: "string", description: "What went wrong, in words for the user" },
              code: { type: "string", description: "A stable code, e.g. validation_failed, not_found, conflict" },
            },
            required: ["message", "code"],
          },
        },
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token, dw_..." },
          cookieAuth: { type: "apiKey", in: "cookie", name: "access_token", description: "The web app's session (with X-CSRF-Token)" },
          csrfToken: {
            type: "apiKey",
            in: "header",
            name: "X-CSRF-Token",
            description: "With the session, on every write: the csrfToken cookie's value",
          },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform,
  });

  // Public: it describes shapes only, and a client reads it before it holds a token.
  app.get(OPENAPI_PATH, { config: { skipAuthentication: true } }, async (_request, reply) => reply.send(app.swagger()));
});
