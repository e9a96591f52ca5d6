// The change stream names what changed and the new data version, never the data; no zod (decision 013).
export const LIVE_EVENTS_PATH = "/api/events";

/** What a write changed; "all" after a gap the server cannot account for. */
export const changeKinds = ["tasks", "goals", "insights", "rollover", "calendar", "user", "all"] as const;
export type ChangeKind = (typeof changeKinds)[number];

export interface ChangeEvent {
  version: number;
  kinds: ChangeKind[];
  /** The tab (or API client) that wrote, from its X-Client-Id, and its write's X-Client-Seq: a tab skips its own. */
  clientId?: string;
  seq?: number;
}

export const CHANGE_EVENT = "change";
/** Sent to every open stream of an account just deleted, from any device: the tab keeps nothing of it. */
export const ACCOUNT_DELETED_EVENT = "account-deleted";
/** A read names the data version it started from (the change stream starts there); a write, the version it wrote. */
export const DATA_VERSION_HEADER = "x-data-version";
export const SINCE_PARAM = "since";
export const CLIENT_ID_HEADER = "x-client-id";
export const CLIENT_SEQ_HEADER = "x-client-seq";
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export function formatChangeEvent(event: ChangeEvent): string {
  return `event: ${CHANGE_EVENT}\nid: ${event.version}\ndata: ${JSON.stringify(event)}\n\n`;
}

export function formatAccountDeletedEvent(): string {
  return `event: ${ACCOUNT_DELETED_EVENT}\ndata: {}\n\n`;
}

export function isChangeKind(value: unknown): value is ChangeKind {
  return typeof value === "string" && (changeKinds as readonly string[]).includes(value);
}
