import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { DATA_VERSION_HEADER, liveEventsQuerySchema, LIVE_EVENTS_PATH } from "../../../shared/api/live.ts";
import { CLIENT_ID_HEADER, CLIENT_ID_PATTERN, CLIENT_SEQ_HEADER } from "../../../shared/api/live-events.ts";
import { AppError } from "../../app-error.ts";
import type { NoticeListening } from "../../db/change-notices.ts";
import { type WriteOrigin, writeOrigins } from "../../db/user-data.ts";
import { requireUserId } from "../../plugins/authenticate.ts";
import { type LiveStreams, liveStreams } from "./live-streams.ts";
import { liveSessionIds } from "../auth/sessions.service.ts";
import { tokensService } from "../tokens/tokens.service.ts";
import { usersService } from "../user/user.service.ts";

declare module "fastify" {
  interface FastifyInstance {
    live: LiveStreams;
  }
  interface FastifyRequest {
    writeOrigin: WriteOrigin | null;
  }
}

const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const parseVersion = (value: string | undefined) => (value && /^\d{1,15}$/.test(value) ? Number(value) : undefined);

/** GET /api/events, the change stream (decision 038); a write's answer names the version it wrote. */
export const liveRoutes = fp<{ heartbeatMs?: number }>(async (app, { heartbeatMs }) => {
  const now = () => app.now();
  const tokens = tokensService({ kysely: app.db.kysely, dialect: app.db.dialect, now, connections: app.oauth });
  const users = usersService({ kysely: app.db.kysely, now });
  const streams = liveStreams({
    ...(heartbeatMs ? { heartbeatMs } : {}),
    liveCredentialIds: (kind, ids) =>
      kind === "session" ? liveSessionIds(app.db.kysely, ids, now().toISOString()) : tokens.liveTokenIds(ids),
    dataVersions: (ids) => users.dataVersions(ids),
    onError: (error) => app.log.warn({ err: error }, "live streams: a check failed"),
  });
  app.decorate("live", streams);

  // Listening starts with the first stream; a first failure is that stream's 503, and the next tries again.
  let listening: Promise<NoticeListening> | undefined;
  let heardOnce = false;
  const listen = () => {
    listening ??= app.db
      .listenForChanges({
        onNotice: (notice) => streams.notice(notice),
        onListening: () => {
          if (heardOnce) streams.catchUpAfterGap().catch((error: unknown) => app.log.warn({ err: error }, "live streams: catch-up failed"));
          heardOnce = true;
        },
        onError: (error) => app.log.warn({ err: error }, "live streams: the listening connection failed"),
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw new AppError("unavailable", "Live updates are unavailable; try again in a moment", { cause: error });
      });
    return listening;
  };
  app.addHook("onClose", async () => {
    streams.closeAll();
    await (await listening?.catch(() => undefined))?.close();
  });

  // A write's notice names its sender, so the sending tab can tell its own events (decision 041).
  app.decorateRequest("writeOrigin", null);
  app.addHook("preHandler", (request, _reply, done) => {
    if (!WRITE_METHODS.has(request.method)) return done();
    const clientId = request.headers[CLIENT_ID_HEADER];
    const seq = parseVersion(request.headers[CLIENT_SEQ_HEADER] as string | undefined);
    const origin: WriteOrigin = {
      ...(typeof clientId === "string" && CLIENT_ID_PATTERN.test(clientId) ? { clientId } : {}),
      ...(seq === undefined ? {} : { seq }),
    };
    request.writeOrigin = origin;
    writeOrigins.run(origin, done);
  });

  app.addHook("onSend", (request, reply, payload, done) => {
    if (request.writeOrigin) {
      const version = request.writeOrigin.writtenVersion;
      if (version !== undefined) reply.header(DATA_VERSION_HEADER, String(version));
    } else if (request.userId && request.userDataVersion !== null) {
      // A read names the version it started from: the page's change stream starts there (decision 038).
      reply.header(DATA_VERSION_HEADER, String(request.userDataVersion));
    }
    done(null, payload);
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(LIVE_EVENTS_PATH, { schema: { querystring: liveEventsQuerySchema } }, async (request, reply) => {
      const userId = requireUserId(request);
      await listen();
      // EventSource's own reconnects send Last-Event-ID; the app's after a refused answer, ?since=.
      const since = parseVersion(request.headers["last-event-id"] as string | undefined) ?? parseVersion(request.query.since);
      reply.hijack();
      // Fastify's 'finish'/'error' listeners (its completion log) would keep the request, the reply
      // and their logger for the stream's whole life; the stream keeps its own 'error' listener.
      for (const listener of reply.raw.listeners("error") as Array<(...args: unknown[]) => void>) {
        reply.raw.off("error", listener).off("finish", listener);
      }
      // Only what a stream needs: the document headers (CSP, framing) do not apply to it, and Node keeps
      // the sent header block for the stream's whole life.
      reply.raw.writeHead(200, {
        "x-content-type-options": "nosniff",
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        // Proxies (nginx) would otherwise buffer the events.
        "x-accel-buffering": "no",
      });
      streams.add(reply.raw, {
        userId,
        // A token's stream lives as long as the token, a session's as long as the session.
        credential: request.bearerToken ? { kind: "token", id: request.bearerToken.id } : { kind: "session", id: request.sessionId! },
        version: request.userDataVersion ?? 0,
        ...(since === undefined ? {} : { since }),
      });
    });
});
