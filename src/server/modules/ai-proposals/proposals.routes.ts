import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  applyProposalBodySchema,
  proposalIdParamsSchema,
  proposalResponseSchema,
  undoProposalResponseSchema,
} from "../../../shared/api/ai-proposals.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { proposalsService } from "./proposals.service.ts";

const emptyBodySchema = z.object({}).strict();

/** The assistant's proposals (decision 033): read, apply, dismiss, undo. Another user's is a 404. */
export const proposalsRoutes: FastifyPluginAsyncZod = async (app) => {
  const proposals = proposalsService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now() });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get(
    "/api/ai/proposals/:id",
    { schema: { params: proposalIdParamsSchema, response: { 200: proposalResponseSchema } } },
    async (request) => ({ proposal: await proposals.getProposal(requireUserId(request), request.params.id) }),
  );

  app.post(
    "/api/ai/proposals/:id/apply",
    { schema: { params: proposalIdParamsSchema, body: applyProposalBodySchema, response: { 200: proposalResponseSchema } } },
    async (request) => ({ proposal: await proposals.apply(requireUserId(request), request.params.id, request.body.changeIds) }),
  );

  app.post(
    "/api/ai/proposals/:id/dismiss",
    { schema: { params: proposalIdParamsSchema, body: emptyBodySchema, response: { 200: proposalResponseSchema } } },
    async (request) => ({ proposal: await proposals.dismiss(requireUserId(request), request.params.id) }),
  );

  app.post(
    "/api/ai/proposals/:id/undo",
    { schema: { params: proposalIdParamsSchema, body: emptyBodySchema, response: { 200: undoProposalResponseSchema } } },
    async (request) => proposals.undo(requireUserId(request), request.params.id),
  );
};
