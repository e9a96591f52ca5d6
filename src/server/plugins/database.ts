import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Db } from "../db/database.ts";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
  }
}

/** Shares the database with every module and closes it last, after in-flight requests are done. */
export const databasePlugin = fp<{ db: Db; ownsDb: boolean }>(async function database(app: FastifyInstance, { db, ownsDb }) {
  app.decorate("db", db);
  if (ownsDb) {
    app.addHook("onClose", async () => {
      await db.close();
    });
  }
});
