import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { importBodySchema, IMPORT_MAX_BYTES, IMPORT_TOO_LARGE_MESSAGE, importResultSchema } from "../../../shared/api/data-transfer.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import type { Config } from "../../config.ts";
import { calendarService } from "../calendar/calendar.service.ts";
import { usersService } from "../user/user.service.ts";
import { dataExportService } from "./data-export.service.ts";
import { dataImportService } from "./data-import.service.ts";

export const dataTransferRoutes: FastifyPluginAsyncZod<{ config: Pick<Config, "publicUrl" | "sessionSecret" | "calendar"> }> = async (
  app,
  { config },
) => {
  const users = usersService({ kysely: app.db.kysely, now: () => app.now() });
  const calendars = calendarService({
    kysely: app.db.kysely,
    now: () => app.now(),
    allowPrivateUrls: config.calendar.allowPrivateUrls,
    publicUrl: config.publicUrl,
    feedKey: config.sessionSecret,
  });
  const exports = dataExportService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now(), users, calendars });
  const imports = dataImportService({ kysely: app.db.kysely, dialect: app.db.dialect, now: () => app.now(), users });
  app.addHook("onRequest", async (request) => {
    requireUserId(request);
  });

  app.get("/api/export", async (request, reply) => {
    const { filename, stream } = await exports.exportJson(requireUserId(request));
    return reply
      .header("content-type", "application/json; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .send(stream);
  });

  app.get("/api/export/tasks.csv", async (request, reply) => {
    const { filename, stream } = await exports.exportTasksCsv(requireUserId(request));
    return reply
      .header("content-type", "text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${filename}"`)
      .send(stream);
  });

  app.post(
    "/api/import",
    // Room for the JSON escaping of a 10 MB file; the file's own size is checked by the service.
    {
      bodyLimit: Math.ceil(IMPORT_MAX_BYTES * 1.5),
      config: { bodyTooLargeMessage: IMPORT_TOO_LARGE_MESSAGE },
      schema: { body: importBodySchema, response: { 200: importResultSchema } },
    },
    async (request) => imports.importFile(requireUserId(request), request.body),
  );
};
