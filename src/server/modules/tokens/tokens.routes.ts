import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createdTokenSchema,
  createTokenBodySchema,
  revokeTokenResponseSchema,
  tokenIdParamsSchema,
  tokenListResponseSchema,
} from "../../../shared/api/tokens.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { tokensService } from "./tokens.service.ts";

// Session only (refuseBearer): a leaked token cannot mint or revoke tokens.
export const tokensRoutes: FastifyPluginAsyncZod = async (app) => {
  const tokens = tokensService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now(), connections: app.oauth });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });
  const config = { refuseBearer: true };

  app.get("/api/tokens", { config, schema: { response: { 200: tokenListResponseSchema } } }, async (request) =>
    tokens.listTokens(requireUserId(request)),
  );

  app.post(
    "/api/tokens",
    { config, schema: { body: createTokenBodySchema, response: { 201: createdTokenSchema } } },
    async (request, reply) => {
      const created = await tokens.createToken(requireUserId(request), request.body);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    "/api/tokens/:id",
    { config, schema: { params: tokenIdParamsSchema, response: { 200: revokeTokenResponseSchema } } },
    async (request) => {
      await tokens.revokeToken(requireUserId(request), request.params.id);
      return { ok: true as const };
    },
  );
};
