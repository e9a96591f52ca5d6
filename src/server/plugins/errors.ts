import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../app-error.ts";
import { isDatabaseUnavailable, isForeignKeyViolation } from "../db/database-errors.ts";

export const DATABASE_RETRY_AFTER_SECONDS = 5;

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a 413 says on this route (its limit in the user's terms), instead of the body's byte limit. */
    bodyTooLargeMessage?: string;
  }
}

interface ErrorBody {
  message: string;
  code: string;
}

function describeValidation(error: FastifyError): string {
  if (!hasZodFastifySchemaValidationErrors(error)) return error.message;
  // The first message per field: zod 4 runs a length check even on a value of the wrong type.
  const byField = new Map<string, string>();
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
    const where = field ? `${field}` : (error.validationContext ?? "request");
    if (!byField.has(where)) byField.set(where, `${where}: ${issue.message}`);
  }
  return `Invalid ${error.validationContext ?? "request"}: ${[...byField.values()].join("; ")}`;
}

export const errorsPlugin = fp(async function errors(app: FastifyInstance) {
  const userIsGone = (userId: string) =>
    app.db.kysely
      .selectFrom("users")
      .select("id")
      .where("id", "=", userId)
      .executeTakeFirst()
      .then(
        (row) => row === undefined,
        () => false,
      );

  app.setErrorHandler<FastifyError | AppError, { Reply: ErrorBody }>(async (error, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header("retry-after", String(error.retryAfterSeconds));
      // Only the code and the message: an upstream error's cause may carry the request sent to the provider.
      if (error.statusCode >= 500) request.log.warn({ code: error.code }, error.message);
      return reply.status(error.statusCode).send({ ...error.details, message: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      return reply.status(400).send({ message: describeValidation(error), code: "validation_failed" });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = error.code ? error.code.toLowerCase().replace(/^fst_err_/, "") : "bad_request";
      if (error.code === "FST_ERR_CTP_BODY_TOO_LARGE") {
        const bytes = request.routeOptions.bodyLimit ?? 0;
        const limit = bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`;
        const message = request.routeOptions.config.bodyTooLargeMessage ?? `The request is larger than this call's limit of ${limit}`;
        return reply.status(413).send({ message, code: "body_too_large" });
      }
      if (status === 429) return reply.status(429).send({ message: error.message, code: "too_many_requests" });
      return reply.status(status).send({ message: error.message, code });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, "database unavailable");
      reply.header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send({ message: "The service cannot reach its database right now; try again shortly", code: "database_unavailable" });
    }
    // A write that lost the race with its account's deletion: the session it came with is gone too.
    if (isForeignKeyViolation(error) && request.userId && (await userIsGone(request.userId))) {
      return reply.status(401).send({ message: "Not signed in", code: "unauthorized" });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(status >= 500 ? status : 500).send({ message: "Internal server error", code: "internal" });
  });
});
