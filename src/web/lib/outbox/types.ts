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

export interface OutboxState {
  waiting: number;
  /** Refused changes, and those sent again after a refusal (state 'waiting') until their new answer. */
  refused: readonly OutboxEntry[];
}
