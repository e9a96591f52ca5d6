// An empty body with a JSON content type is {} (the spec's client sends that header on body-less calls); a body
// that would pollute prototypes is refused with a message that says so.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../app-error.ts";

function refusePollution(key: string, value: unknown): unknown {
  if (key === "__proto__") throw new AppError("bad_request", 'Body must not contain the key "__proto__"');
  if (key === "constructor" && value !== null && typeof value === "object" && Object.hasOwn(value, "prototype")) {
    throw new AppError("bad_request", 'Body must not contain the key "constructor.prototype"');
  }
  return value;
}

export function parseJsonBody(body: string): unknown {
  if (body.trim() === "") return {};
  const mayPollute = body.includes("__proto__") || body.includes("prototype");
  try {
    return mayPollute ? JSON.parse(body, refusePollution) : JSON.parse(body);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", `Body is not valid JSON: ${(error as Error).message}`);
  }
}

export const jsonBodyPlugin = fp(async function jsonBody(app: FastifyInstance) {
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, parseJsonBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
});
