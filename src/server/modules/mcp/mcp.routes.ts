import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../../app-error.ts";
import type { Config } from "../../config.ts";
import { OAUTH_SCOPES } from "../../../shared/api/oauth.ts";
import { refuseWithoutToken } from "../../plugins/authenticate.ts";

export const MCP_PATH = "/mcp";
const WINDOW_MS = 60 * 1000;

function calledToolOf(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const { method, params } = body as { method?: unknown; params?: { name?: unknown } };
  return method === "tools/call" && typeof params?.name === "string" ? params.name : undefined;
}

// Streamable HTTP, stateless: every POST gets a server and a transport of its own, so any instance can
// answer it. Bearer only (cookies are never a way in), so the CSRF token does not apply; a cross-site
// Origin is still refused by the CSRF plugin (DNS rebinding). The SDK loads on the first call: most
// instances never get one, and it is a large share of the memory at start.
export const mcpRoutes: FastifyPluginAsync<{ config: Config }> = async (app, { config }) => {
  let loading: ReturnType<typeof loadMcp> | undefined;
  const loadMcp = async () => {
    const [{ StreamableHTTPServerTransport }, { mcpToolkit }, { toolsOfferedTo }] = await Promise.all([
      import("@modelcontextprotocol/sdk/server/streamableHttp.js"),
      import("./mcp-tools.ts"),
      import("../model-tools/tool-catalog.ts"),
    ]);
    const createServer = mcpToolkit({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now(), ai: config.ai, log: app.log });
    const writeTools = new Set(toolsOfferedTo("mcp").flatMap((tool) => (tool.kind === "write" ? [tool.name] : [])));
    return { StreamableHTTPServerTransport, createServer, writeTools };
  };
  const limit = app.createRateLimit({
    max: config.mcpRateLimitPerMinute,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `mcp:${request.bearerToken!.id}`,
  });
  const routeConfig = { bearerScopeByRoute: true, csrfSessionFrom: "none" as const };

  // RFC 9728: a client with nothing but the address finds how to get a token from any 401.
  const challenge = `Bearer resource_metadata="${app.oauth.resourceMetadataUrl}", scope="${OAUTH_SCOPES.join(" ")}"`;
  app.addHook("onRequest", async (request, reply) => {
    if (!request.bearerToken)
      refuseWithoutToken(
        reply,
        "The MCP endpoint needs an access token: connect through OAuth, or send a personal access token (Authorization: Bearer dw_...)",
      );
  });
  app.addHook("onSend", async (_request, reply) => {
    if (reply.statusCode === 401) reply.header("www-authenticate", challenge);
  });

  app.post(MCP_PATH, { config: routeConfig }, async (request, reply) => {
    const token = request.bearerToken!;
    if (config.mcpRateLimitPerMinute > 0) {
      // Each message of a JSON-RPC batch is a call, counted one by one: the first over the limit refuses the batch.
      const calls = Array.isArray(request.body) ? Math.max(1, request.body.length) : 1;
      for (let call = 0; call < calls; call++) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          throw new AppError("too_many_requests", "Too many MCP calls with this token; try again shortly", {
            retryAfterSeconds: result.ttl / 1000,
          });
        }
      }
    }
    const { StreamableHTTPServerTransport, createServer, writeTools } = await (loading ??= loadMcp());
    const calledTool = calledToolOf(request.body);
    if (token.kind === "oauth" && token.scope === "read" && calledTool !== undefined && writeTools.has(calledTool)) {
      reply.header(
        "www-authenticate",
        `Bearer error="insufficient_scope", scope="tasks:read tasks:write", resource_metadata="${app.oauth.resourceMetadataUrl}"`,
      );
      throw new AppError("insufficient_scope", `${calledTool} changes your tasks: this connection may only read them`);
    }
    const server = createServer(request.userId!, token.scope, calledTool);
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on("close", () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // No server-initiated stream and no session to end in a stateless server.
  for (const method of ["GET", "DELETE"] as const) {
    app.route({
      method,
      url: MCP_PATH,
      config: routeConfig,
      handler: async (_request, reply) =>
        reply.code(405).header("allow", "POST").send({ message: "Use POST: this MCP server is stateless", code: "method_not_allowed" }),
    });
  }
};
