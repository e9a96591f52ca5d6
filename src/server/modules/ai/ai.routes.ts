import { Readable } from "node:stream";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  aiProvidersResponseSchema,
  CHAT_STREAM_CONTENT_TYPE,
  chatBodySchema,
  chatResponseSchema,
  type ChatStreamEvent,
  formatChatStreamEvent,
} from "../../../shared/api/ai.ts";
import type { AiConfig } from "../../config.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { clientGoneSignal } from "./client-gone.ts";
import { aiService } from "./ai.service.ts";

/** Accept asks for text/event-stream (the web app); anything else gets the JSON answer. */
function wantsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && accept.split(",").some((type) => type.split(";")[0]!.trim().toLowerCase() === CHAT_STREAM_CONTENT_TYPE);
}

async function* encodeEvents(events: AsyncGenerator<ChatStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) yield formatChatStreamEvent(event);
}

/** Spec section 7: GET /api/ai/providers and POST /api/ai/chat (JSON, or streamed; docs/decisions/008). */
export const aiRoutes: FastifyPluginAsyncZod<{ config: AiConfig }> = async (app, { config }) => {
  const ai = aiService({
    kysely: app.db.kysely,
    dialect: app.db.dialect,
    now: () => app.now(),
    config,
    log: app.log,
    groupCommit: app.db.groupCommit,
  });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/ai/providers", { schema: { response: { 200: aiProvidersResponseSchema } } }, async () => {
    return { providers: ai.listProviders() };
  });

  app.post("/api/ai/chat", { schema: { body: chatBodySchema, response: { 200: chatResponseSchema } } }, async (request, reply) => {
    const userId = requireUserId(request);
    // The model call stops when the client goes away: 'close' before the answer was written.
    const clientGone = clientGoneSignal(reply);

    if (!wantsEventStream(request.headers.accept)) return ai.chat(userId, request.userDataVersion, request.body, clientGone);

    const events = await ai.startChatStream(userId, request.userDataVersion, request.body, clientGone);
    reply
      .header("content-type", `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`)
      // Proxies (nginx) would otherwise buffer the events.
      .header("x-accel-buffering", "no");
    // Fastify pipes the stream: each event is written as it comes, and the stream is destroyed
    // (ending the generator, which aborts the call) if the client leaves.
    // (The route's typed reply is the JSON contract; a stream is written as is, unserialized.)
    return reply.send(Readable.from(encodeEvents(events), { objectMode: false }) as never);
  });
};
