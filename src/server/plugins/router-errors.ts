import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

/**
 * Fastify's `frameworkErrors`: the refusals its router makes before any route, hook or error
 * handler runs (a path parameter longer than `maxParamLength`, 100 characters; a malformed
 * %-escape). Without it Fastify writes its own body, echoing the URL; with it they answer in the
 * app's `{ message, code }` shape like every other error, with the request id.
 */
export function answerRouterError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  reply.header("x-request-id", request.id);
  switch (error.code) {
    case "FST_ERR_MAX_PARAM_LENGTH":
      void reply
        .status(414)
        .send({ message: "A part of the address is longer than 100 characters: no id is that long", code: "uri_too_long" });
      return;
    case "FST_ERR_BAD_URL":
      void reply.status(400).send({ message: "The address is not a valid URL", code: "bad_url" });
      return;
    default:
      request.log.error({ err: error }, "router failed");
      void reply.status(500).send({ message: "Internal server error", code: "internal" });
  }
}
