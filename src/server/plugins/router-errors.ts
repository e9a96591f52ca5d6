import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";

// Without it Fastify writes its own body for its router's refusals, echoing the URL.
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
