// The OpenAPI 3.1 description, generated from the zod contracts the routes validate and answer with.
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

export const OPENAPI_PATH = "/api/openapi.json";

const error = (description: string, message: string, code: string) => ({
  description,
  type: "object",
  properties: { message: { type: "string" }, code: { type: "string" } },
  required: ["message", "code"],
  example: { message, code },
});

const errorResponses = (url: string) => ({
  400: error("Invalid request", "Invalid body: title: Task title is required", "validation_failed"),
  401: error("No valid session or token; with a token, WWW-Authenticate: Bearer", "Not signed in", "unauthorized"),
  403: error(
    "A read-only token on a write, a missing CSRF token, or a session-only route",
    "This token is read-only",
    "insufficient_scope",
  ),
  ...(url.includes(":") ? { 404: error("Not found, or another user's", "Task not found", "not_found") } : {}),
});

type Transform = typeof jsonSchemaTransform;

// Only the app's own API: the sign-in routes, the built-in provider and the web app's pages are not described.
const transform: Transform = (input) => {
  const { url, route } = input;
  if (!url.startsWith("/api/") || url === OPENAPI_PATH) return { schema: { hide: true }, url };
  const result = jsonSchemaTransform(input);
  // A route without a schema (a stream, a download) is still described, by its errors.
  const schema = (result.schema ?? {}) as Record<string, unknown> & { response?: Record<string, unknown> };
  result.schema = schema as typeof result.schema;
  schema.tags = [url.split("/")[2]];
  schema.response = { ...errorResponses(url), ...schema.response };
  if (route.config?.refuseBearer) schema.security = [{ cookieAuth: [] }];
  return result;
};

export const openapiPlugin = fp(async function openapi(app: FastifyInstance) {
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
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "A personal access token, dw_..." },
          cookieAuth: { type: "apiKey", in: "cookie", name: "access_token", description: "The web app's session (with X-CSRF-Token)" },
        },
      },
      security: [{ bearerAuth: [] }, { cookieAuth: [] }],
    },
    transform,
  });

  // Public: it describes shapes only, and a client reads it before it holds a token.
  app.get(OPENAPI_PATH, { config: { skipAuthentication: true } }, async (_request, reply) => reply.send(app.swagger()));
});
