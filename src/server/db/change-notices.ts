// Every raise of a user's data version also sends a notice { userId, version, kinds, clientId, seq } that is
// delivered only once its transaction commits: pg_notify on PostgreSQL, and on SQLite a function
// of the same name (registered in database.ts) whose notices wait for the commit. So every writer
// publishes the same way, and a rolled-back write tells no one (decision 038).
import type PgModule from "pg";
import { type Kysely, sql } from "kysely";
import { type ChangeEvent, isChangeKind } from "../../shared/api/live-events.ts";
import type { Database } from "./schema.ts";

export const CHANGES_CHANNEL = "daywise_changes";
const NOTICES_PER_STATEMENT = 1_000;

export interface ChangeNotice extends ChangeEvent {
  userId: string;
}

/** Sends each notice at its transaction's commit, its JSON written here; one statement for any number of users. */
export async function sendChangeNotices(db: Kysely<Database>, notices: readonly ChangeNotice[]): Promise<void> {
  for (let start = 0; start < notices.length; start += NOTICES_PER_STATEMENT) {
    const payloads = notices.slice(start, start + NOTICES_PER_STATEMENT).map((notice) => sql`(${JSON.stringify(notice)})`);
    await sql`select pg_notify(${CHANGES_CHANNEL}, column1) from (values ${sql.join(payloads)}) as notices`.execute(db);
  }
}

export function parseNotice(payload: string | undefined): ChangeNotice | undefined {
  try {
    const value = JSON.parse(payload ?? "") as Partial<ChangeNotice>;
    if (typeof value.userId !== "string" || !Number.isSafeInteger(value.version) || !Array.isArray(value.kinds)) return undefined;
    const origin = {
      ...(typeof value.clientId === "string" ? { clientId: value.clientId } : {}),
      ...(Number.isSafeInteger(value.seq) ? { seq: value.seq } : {}),
    };
    return { userId: value.userId, version: value.version!, kinds: value.kinds.filter(isChangeKind), ...origin };
  } catch {
    return undefined;
  }
}

export type NoticeListener = (notice: ChangeNotice) => void;

/** SQLite's notices: held from the statement that raised the version until its commit. */
export class HeldNotices {
  private held: string[] = [];
  private readonly listeners = new Set<NoticeListener>();

  hold = (_channel: unknown, payload: unknown): null => {
    if (typeof payload === "string") this.held.push(payload);
    return null;
  };

  /** After a commit (or a statement outside a transaction): delivers what was held. */
  deliver(): void {
    if (this.held.length === 0) return;
    const payloads = this.held;
    this.held = [];
    for (const payload of payloads) {
      const notice = parseNotice(payload);
      if (notice) for (const listener of this.listeners) listener(notice);
    }
  }

  discard(): void {
    this.held = [];
  }

  listen(listener: NoticeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export interface NoticeListening {
  close(): Promise<void>;
}

const MIN_BACKOFF_MS = 250;
const MAX_BACKOFF_MS = 10_000;

/**
 * One connection of its own that LISTENs, reconnecting with back-off. `onListening` runs at each
 * (re)start, once LISTEN holds, so that the caller can catch up on what a gap missed.
 */
export function listenPostgres(
  pg: typeof PgModule,
  clientConfig: PgModule.ClientConfig,
  handlers: { onNotice: NoticeListener; onListening: () => void; onError: (error: Error) => void },
): Promise<NoticeListening> {
  let client: PgModule.Client | undefined;
  let started = false;
  let closed = false;
  let backoffMs = MIN_BACKOFF_MS;
  let retry: NodeJS.Timeout | undefined;

  // Only once listening has started: a first failure is the caller's to report (and to try again).
  const scheduleRetry = () => {
    if (closed || !started || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect().catch(() => undefined);
    }, backoffMs);
    backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ ...clientConfig, application_name: "daywise-live" });
    client = next;
    const drop = () => {
      if (client !== next) return;
      client = undefined;
      scheduleRetry();
    };
    next.on("notification", (message) => {
      const notice = message.channel === CHANGES_CHANNEL ? parseNotice(message.payload) : undefined;
      if (notice) handlers.onNotice(notice);
    });
    next.on("error", (error) => {
      handlers.onError(error);
      drop();
      void next.end().catch(() => undefined);
    });
    next.on("end", drop);
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      drop();
      await next.end().catch(() => undefined);
      throw error;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    started = true;
    backoffMs = MIN_BACKOFF_MS;
    handlers.onListening();
  };

  const listening: NoticeListening = {
    async close() {
      closed = true;
      clearTimeout(retry);
      const last = client;
      client = undefined;
      await last?.end().catch(() => undefined);
    },
  };
  return connect().then(() => listening);
}
