import type { FastifyReply } from "fastify";

/** A model call stops when the client goes away before its answer was written. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const clientGone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  return clientGone.signal;
}
