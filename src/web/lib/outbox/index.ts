// The outbox's face to the features (issue 50): a write is stored, then sent in order with its Idempotency-Key.
// Until the outbox lands, sendWrite sends at once and nothing waits.
import { apiJson } from "../api-client.ts";

export interface OutboxWrite {
  method: "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  json?: unknown;
  /** What the person did, for the waiting and refused lists: 'Rename "Buy milk"'. */
  label: string;
}

export interface OutboxEntry extends OutboxWrite {
  key: string;
  clientId: string;
  seq: number;
  userId: string;
  createdAt: number;
  attempts: number;
  state: "waiting" | "refused";
  refusal?: { status: number; message: string };
}

/** Resolves with the server's answer once it is acknowledged; rejects with an ApiError when refused. */
export function sendWrite<T>(write: OutboxWrite): Promise<T> {
  return apiJson<T>(write.path, { method: write.method, ...(write.json === undefined ? {} : { json: write.json }) });
}

/** The signed-in user's writes not yet acknowledged, oldest first: a page loaded offline applies them. */
export function pendingWrites(): Promise<OutboxEntry[]> {
  return Promise.resolve([]);
}
