import type { FastifyReply } from "fastify";

/** Aborted when the client goes away before its answer was written: a model call then stops. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const clientGone = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) clientGone.abort();
  });
  return clientGone.signal;
}
