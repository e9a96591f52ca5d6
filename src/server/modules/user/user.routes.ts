import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { userPreferencesSchema, userSchema } from "../../../shared/api/user.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { usersService } from "./user.service.ts";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = usersService({ kysely: app.db.kysely, now: () => app.now() });
  // Signed-out callers get 401 before their body is validated (no-store: plugins/security.ts).
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/user", { schema: { response: { 200: userSchema } } }, async (request) => {
    return users.getUser(requireUserId(request));
  });

  app.patch("/api/user/preferences", { schema: { body: userPreferencesSchema, response: { 200: userSchema } } }, async (request) => {
    return users.updatePreferences(requireUserId(request), request.body);
  });
};
