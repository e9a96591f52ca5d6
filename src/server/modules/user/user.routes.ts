import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { deleteAccountBodySchema, userPreferencesSchema, userSchema } from "../../../shared/api/user.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { clearSessionCookies } from "../auth/session-cookies.ts";
import { usersService } from "./user.service.ts";

export const userRoutes: FastifyPluginAsyncZod<{ isSecure: boolean }> = async (app, options) => {
  const users = usersService({ kysely: app.db.kysely, now: () => app.now(), dialect: app.db.dialect });
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

  // Every session goes with its row, so each instance refuses them on their next request (authenticate reads it).
  // Session only: a token that can read the e-mail must not be able to end the account.
  app.delete("/api/user", { config: { refuseBearer: true }, schema: { body: deleteAccountBodySchema } }, async (request, reply) => {
    await users.deleteAccount(requireUserId(request), request.body.confirmEmail);
    clearSessionCookies(reply, { isSecure: options.isSecure, now: () => app.now() });
    return reply.code(204).send();
  });
};
