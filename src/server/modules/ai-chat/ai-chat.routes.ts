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
import { clientGoneSignal } from "../ai-models/client-gone.ts";
import { aiChatService } from "./ai-chat.service.ts";

/** The web app asks for text/event-stream; anything else gets the JSON answer. */
function wantsEventStream(accept: string | undefined): boolean {
  return accept !== undefined && accept.split(",").some((type) => type.split(";")[0]!.trim().toLowerCase() === CHAT_STREAM_CONTENT_TYPE);
}

async function* encodeEvents(events: AsyncGenerator<ChatStreamEvent>): AsyncGenerator<string> {
  for await (const event of events) yield formatChatStreamEvent(event);
}

export const aiChatRoutes: FastifyPluginAsyncZod<{ config: AiConfig }> = async (app, { config }) => {
  const ai = aiChatService({
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
    const clientGone = clientGoneSignal(reply);

    if (!wantsEventStream(request.headers.accept)) return ai.chat(userId, request.userDataVersion, request.body, clientGone);

    const events = await ai.startChatStream(userId, request.userDataVersion, request.body, clientGone);
    reply
      .header("content-type", `${CHAT_STREAM_CONTENT_TYPE}; charset=utf-8`)
      // Proxies (nginx) would otherwise buffer the events.
      .header("x-accel-buffering", "no")
      // Not the API's no-store: Chromium reports a no-store stream read to its end as aborted (a console error); a POST's answer is never kept.
      .header("cache-control", "private, no-cache");
    // A client that leaves destroys the stream, ending the generator, which aborts the call; `never`: the typed reply is the JSON contract.
    return reply.send(Readable.from(encodeEvents(events), { objectMode: false }) as never);
  });
};
