import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawServerDefault } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import { createDb, type Db } from "./db/database.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { healthRoutes } from "./modules/health/health.routes.ts";
import { authenticatePlugin } from "./plugins/authenticate.ts";
import { csrfPlugin } from "./plugins/csrf.ts";
import { databasePlugin } from "./plugins/database.ts";
import { errorsPlugin } from "./plugins/errors.ts";
import { securityPlugin } from "./plugins/security.ts";
import { webAppPlugin } from "./plugins/web-app.ts";

export interface BuildAppOptions {
  /** An open, migrated database (tests); otherwise one is created from config and closed with the app. */
  db?: Db;
  /** Where the built web app lives; defaults to dist/web in the package. */
  webRoot?: string;
  /** Log destination override (tests and benchmarks silence logs). */
  logger?: boolean;
  /** The clock every rule reads (tests move it). */
  now?: () => Date;
}

const BODY_LIMIT_BYTES = 256 * 1024;
const defaultWebRoot = fileURLToPath(new URL("../../dist/web", import.meta.url));

declare module "fastify" {
  interface FastifyInstance {
    now: () => Date;
  }
}

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, ZodTypeProvider>;

export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: {
              paths: [
                "req.headers.cookie",
                "req.headers.authorization",
                'req.headers["x-csrf-token"]',
                'res.headers["set-cookie"]',
              ],
              censor: "[redacted]",
            },
          },
    genReqId: () => randomUUID(),
    requestIdHeader: "x-request-id",
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy:
      typeof config.trustProxy === "number"
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    return503OnClosing: true,
    forceCloseConnections: "idle",
  }).withTypeProvider<ZodTypeProvider>();

  app.decorate("now", options.now ?? (() => new Date()));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook("onSend", async (request, reply) => {
    reply.header("x-request-id", request.id);
  });

  const ownsDb = !options.db;
  const db =
    options.db ??
    createDb(config.database, { onPoolError: (error) => app.log.error({ err: error }, "database pool error") });
  if (ownsDb) await migrateToLatest(db.kysely);

  // Registered first so that it is closed last.
  await app.register(databasePlugin, { db, ownsDb });
  await app.register(errorsPlugin);
  await app.register(securityPlugin, { isHttps: config.publicUrl.startsWith("https://") });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(authenticatePlugin, { secret: config.sessionSecret });
  await app.register(csrfPlugin, { secret: config.sessionSecret, publicUrl: config.publicUrl });

  // Feature modules, listed explicitly.
  await app.register(healthRoutes);

  await app.register(webAppPlugin, { root: options.webRoot ?? defaultWebRoot });
  return app;
}
