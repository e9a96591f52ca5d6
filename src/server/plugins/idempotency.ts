// Idempotency-Key on a signed-in user's mutating /api routes (decision 042, after the IETF draft): the first
// request with a key runs and its answer is kept; a repeat gets that answer without running again.
import { createHash, randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { parseItem, Token } from "structured-headers";
import { AppError } from "../app-error.ts";
import { compiledQuery } from "../db/compiled-query.ts";
import type { Database } from "../db/schema.ts";
import { routedPath } from "./routed-path.ts";

export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
export const REPLAYED_HEADER = "idempotent-replayed";
export const MAX_KEY_LENGTH = 255;
export const KEPT_FOR_MS = 24 * 60 * 60 * 1000;
/** Longer than a model call's timeout (60 s): a request still running is never taken over. */
export const TAKEOVER_AFTER_MS = 2 * 60 * 1000;
export const MAX_KEPT_ANSWER_BYTES = 64 * 1024;
const CLEANUP_EVERY_MS = 60 * 1000;
const MUTATING_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const asArray = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

interface Claim {
  userId: string;
  key: string;
  claim: string;
  fingerprint: string;
  at: string;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
    idempotencyAnswer: { status: number; body: string } | null;
  }
}

const KEY_MESSAGE = `Idempotency-Key must be a quoted string of 1 to ${MAX_KEY_LENGTH} characters, e.g. Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"`;

export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (Array.isArray(header)) throw new AppError("bad_request", "Send one Idempotency-Key header");
  let value: unknown;
  try {
    [value] = parseItem(header);
  } catch {
    throw new AppError("bad_request", KEY_MESSAGE);
  }
  const key = typeof value === "string" ? value : value instanceof Token ? value.toString() : undefined;
  if (key === undefined || key.length === 0 || key.length > MAX_KEY_LENGTH) throw new AppError("bad_request", KEY_MESSAGE);
  return key;
}

function fingerprintOf(request: FastifyRequest): string {
  const hash = createHash("sha256").update(
    JSON.stringify([request.method, routedPath(request), request.params ?? {}, request.query ?? {}]),
  );
  const body = request.body;
  if (typeof body === "string" || Buffer.isBuffer(body)) hash.update("\ns").update(body);
  else hash.update("\nj").update(JSON.stringify(body ?? null));
  return hash.digest("base64url");
}

// On PostgreSQL these rows are committed without waiting for the WAL flush: a crash may lose the last
// moment's keys (a repeat then runs again), never their order; each write would otherwise wait for a flush.
const asyncCommit = sql`(select set_config('synchronous_commit', 'off', true))`.as("async_commit");
const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

const claimQuery = compiledQuery((db, p: { userId: string; key: string; fingerprint: string; claim: string; at: string }) => {
  const row = {
    userId: p.userId,
    key: p.key,
    fingerprint: p.fingerprint,
    claim: p.claim,
    state: "running",
    createdAt: p.at,
    startedAt: p.at,
  };
  const insert = db.insertInto("idempotencyKeys");
  const columns = Object.keys(row) as (keyof typeof row)[];
  const query = isPostgres(db)
    ? insert.columns(columns).expression(db.selectFrom(asyncCommit).select(columns.map((column) => sql<string>`${row[column]}`.as(column))))
    : insert.values({ ...row, state: "running" });
  return query.onConflict((conflict) => conflict.columns(["userId", "key"]).doNothing()).returning("claim");
});

const findQuery = compiledQuery((db, p: { userId: string; key: string }) =>
  db
    .selectFrom("idempotencyKeys")
    .select(["fingerprint", "claim", "state", "createdAt", "startedAt", "responseStatus", "responseBody"])
    .where("userId", "=", p.userId)
    .where("key", "=", p.key),
);

const takeOverQuery = compiledQuery((db, p: { userId: string; key: string; claim: string; previous: string; at: string }) =>
  db
    .updateTable("idempotencyKeys")
    .set({ claim: p.claim, startedAt: p.at })
    .where("userId", "=", p.userId)
    .where("key", "=", p.key)
    .where("claim", "=", p.previous)
    .where("state", "=", "running")
    .returning("claim"),
);

const keepAnswerQuery = compiledQuery((db, p: { userId: string; key: string; claim: string; status: number; body: string }) => {
  const update = db.updateTable("idempotencyKeys");
  return (isPostgres(db) ? update.from(asyncCommit) : update)
    .set({ state: "done", responseStatus: p.status, responseBody: p.body })
    .where("userId", "=", p.userId)
    .where("key", "=", p.key)
    .where("claim", "=", p.claim);
});

// SQLite: the first write of the key's row is its answer (the claim was held in memory).
const insertAnswerQuery = compiledQuery(
  (db, p: { userId: string; key: string; claim: string; fingerprint: string; at: string; status: number; body: string }) => {
    const answer = {
      fingerprint: p.fingerprint,
      claim: p.claim,
      state: "done" as const,
      createdAt: p.at,
      startedAt: p.at,
      responseStatus: p.status,
      responseBody: p.body,
    };
    return db
      .insertInto("idempotencyKeys")
      .values({ userId: p.userId, key: p.key, ...answer })
      .onConflict((conflict) => conflict.columns(["userId", "key"]).doUpdateSet(answer));
  },
);

const releaseQuery = compiledQuery((db, p: { userId: string; key: string; claim: string }) => {
  const remove = db
    .deleteFrom("idempotencyKeys")
    .where("idempotencyKeys.userId", "=", p.userId)
    .where("idempotencyKeys.key", "=", p.key)
    .where("idempotencyKeys.claim", "=", p.claim);
  return isPostgres(db) ? remove.using(asyncCommit) : remove;
});

export const idempotencyPlugin = fp(async function idempotency(app: FastifyInstance) {
  app.decorateRequest("idempotencyClaim", null);
  app.decorateRequest("idempotencyAnswer", null);
  const db = app.db.kysely;
  let nextCleanupAt = 0;

  async function deleteExpiredKeys(now: Date): Promise<void> {
    if (now.getTime() < nextCleanupAt) return;
    nextCleanupAt = now.getTime() + CLEANUP_EVERY_MS;
    const cutoff = new Date(now.getTime() - KEPT_FOR_MS).toISOString();
    await db.deleteFrom("idempotencyKeys").where("createdAt", "<", cutoff).execute();
  }

  function replay(reply: FastifyReply, status: number, body: string): FastifyReply {
    reply.code(status).header(REPLAYED_HEADER, "true");
    return body === "" ? reply.send() : reply.type("application/json; charset=utf-8").send(body);
  }

  const reused = (reply: FastifyReply) =>
    reply.code(422).send({
      message: "This Idempotency-Key was already used for another request: send a new key for a new request",
      code: "idempotency_key_reused",
    });
  const stillRunning = () =>
    new AppError("conflict", "A request with this Idempotency-Key is still running: wait for its answer, then repeat it", {
      retryAfterSeconds: 1,
    });

  // SQLite has one writing process: a running key is held here, and its row is written once, with the answer
  // (one statement in a shared commit instead of two commits; decision 048).
  const claimsInMemory = app.db.dialect === "sqlite";
  const runningKeys = new Map<string, string>();
  const runningId = (claim: { userId: string; key: string }) => `${claim.userId}\n${claim.key}`;
  const keepsAfterReply = new Map<string, Promise<void>>();

  async function claimInMemory(request: FastifyRequest, reply: FastifyReply, claim: Claim, keptSince: string) {
    const id = runningId(claim);
    const running = runningKeys.get(id);
    if (running !== undefined) {
      if (running !== claim.fingerprint) return reused(reply);
      throw stillRunning();
    }
    // Held before the read, so a first request that ends meanwhile has committed its row before this read.
    runningKeys.set(id, claim.fingerprint);
    let kept;
    try {
      kept = await findQuery.takeFirst(db, claim);
    } catch (error) {
      runningKeys.delete(id);
      throw error;
    }
    // A row left running was a dead process's: the request runs again.
    if (kept && kept.createdAt > keptSince && (kept.state === "done" || kept.fingerprint !== claim.fingerprint)) {
      runningKeys.delete(id);
      if (kept.fingerprint !== claim.fingerprint) return reused(reply);
      return replay(reply, kept.responseStatus ?? 200, kept.responseBody ?? "");
    }
    request.idempotencyClaim = claim;
    return undefined;
  }

  async function claimKey(request: FastifyRequest, reply: FastifyReply, userId: string, key: string): Promise<FastifyReply | undefined> {
    const fingerprint = fingerprintOf(request);
    const now = app.now();
    await deleteExpiredKeys(now).catch((error: unknown) => request.log.warn({ err: error }, "could not delete expired Idempotency-Keys"));
    const at = now.toISOString();
    const keptSince = new Date(now.getTime() - KEPT_FOR_MS).toISOString();
    // A repeat that reaches this process while its first answer is being kept waits for it (decision 051).
    await keepsAfterReply.get(runningId({ userId, key }));
    if (claimsInMemory) return claimInMemory(request, reply, { userId, key, fingerprint, at, claim: randomUUID() }, keptSince);
    // A row released or expired between the insert and the read is claimed again on the next turn.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const claim = randomUUID();
      if (await claimQuery.takeFirst(db, { userId, key, fingerprint, claim, at })) {
        request.idempotencyClaim = { userId, key, claim, fingerprint, at };
        return undefined;
      }
      const kept = await findQuery.takeFirst(db, { userId, key });
      if (!kept) continue;
      if (kept.createdAt <= keptSince) {
        await releaseQuery.execute(db, { userId, key, claim: kept.claim });
        continue;
      }
      if (kept.fingerprint !== fingerprint) return reused(reply);
      if (kept.state === "done") return replay(reply, kept.responseStatus ?? 200, kept.responseBody ?? "");
      if (kept.startedAt <= new Date(now.getTime() - TAKEOVER_AFTER_MS).toISOString()) {
        if (await takeOverQuery.takeFirst(db, { userId, key, claim, previous: kept.claim, at })) {
          request.idempotencyClaim = { userId, key, claim, fingerprint, at };
          return undefined;
        }
        continue;
      }
      break;
    }
    throw stillRunning();
  }

  function release(request: FastifyRequest, claim: Claim): Promise<void> {
    if (claimsInMemory) {
      runningKeys.delete(runningId(claim));
      return Promise.resolve();
    }
    return releaseQuery.execute(db, claim).then(
      () => undefined,
      (error: unknown) => request.log.warn({ err: error }, "could not release an Idempotency-Key"),
    );
  }

  async function keepAnswer(claim: Claim, status: number, body: string): Promise<void> {
    if (!claimsInMemory) {
      await keepAnswerQuery.execute(db, { ...claim, status, body });
      return;
    }
    try {
      await app.db.groupCommit((trx) => insertAnswerQuery.execute(trx, { ...claim, status, body }));
    } finally {
      runningKeys.delete(runningId(claim));
    }
  }

  // Authenticate, CSRF and the routes' own 401 have run (onRequest); the body is parsed, not yet validated.
  const preValidation = async (request: FastifyRequest, reply: FastifyReply) => {
    const userId = request.userId;
    if (!userId || !MUTATING_METHODS.has(request.method)) return;
    const key = readIdempotencyKey(request.headers[IDEMPOTENCY_KEY_HEADER]);
    if (key === undefined) return;
    return claimKey(request, reply, userId, key);
  };

  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const claim = request.idempotencyClaim;
    if (!claim) return payload;
    const body =
      payload === undefined || payload === null
        ? ""
        : typeof payload === "string"
          ? payload
          : Buffer.isBuffer(payload)
            ? payload.toString("utf8")
            : undefined;
    const isJson = body === "" || /^application\/json\b/.test(String(reply.getHeader("content-type") ?? ""));
    if (reply.statusCode >= 500 || body === undefined || !isJson || Buffer.byteLength(body) > MAX_KEPT_ANSWER_BYTES) {
      request.idempotencyClaim = null;
      await release(request, claim);
      return payload;
    }
    // The answer is kept once it is sent (onResponse): the write's reply waits for no second commit (decision 053).
    request.idempotencyAnswer = { status: reply.statusCode, body };
    return payload;
  };

  const keep = (request: FastifyRequest, claim: Claim, status: number, body: string) =>
    keepAnswer(claim, status, body).catch((error: unknown) => {
      // The row stays running (on SQLite: none is kept): a repeat gets a 409 until it may be taken over (runs again).
      request.log.warn({ err: error }, "could not keep an Idempotency-Key's answer");
    });

  // A hijacked reply (a stream written to the socket) skips onSend, and its key is released.
  const onResponse = async (request: FastifyRequest) => {
    const claim = request.idempotencyClaim;
    if (!claim) return;
    const answer = request.idempotencyAnswer;
    request.idempotencyClaim = null;
    request.idempotencyAnswer = null;
    if (!answer) return release(request, claim);
    const id = runningId(claim);
    const kept = keep(request, claim, answer.status, answer.body).finally(() => {
      if (keepsAfterReply.get(id) === kept) keepsAfterReply.delete(id);
    });
    keepsAfterReply.set(id, kept);
    await kept;
  };

  // Only the mutating /api routes carry the hooks: reads pay nothing.
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!route.url.startsWith("/api/") || !methods.some((method) => MUTATING_METHODS.has(method))) return;
    route.preValidation = [...asArray(route.preValidation), preValidation];
    route.onSend = [...asArray(route.onSend), onSend];
    route.onResponse = [...asArray(route.onResponse), onResponse];
  });
});
