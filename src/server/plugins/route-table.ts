import type { FastifyContextConfig, FastifyInstance, FastifySchema } from "fastify";
import fp from "fastify-plugin";

export interface RouteEntry {
  method: string;
  url: string;
  config: FastifyContextConfig;
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    routeTable: readonly RouteEntry[];
  }
}

/** Registered before any route, so that it sees them all. */
export const routeTablePlugin = fp(async function routeTable(app: FastifyInstance) {
  const routes: RouteEntry[] = [];
  app.decorate("routeTable", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      routes.push({ method, url: route.url, config: (route.config ?? {}) as FastifyContextConfig, schema: route.schema });
    }
  });
});
