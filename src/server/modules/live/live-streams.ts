// The open change streams of this instance, by user. One shared interval checks that the streams'
// sessions or tokens still hold (a logout, revocation or deletion on any instance ends them within
// a second) and writes every heartbeat; a stream itself holds its response, its user and its
// credential, nothing else (decision 038).
import type { ServerResponse } from "node:http";
import { type ChangeEvent, type ChangeKind, formatAccountDeletedEvent, formatChangeEvent } from "../../../shared/api/live-events.ts";
import type { ChangeNotice } from "../../db/change-notices.ts";

export const RETRY_MS = 3_000;
export const HEARTBEAT_MS = 25_000;
export const MAX_STREAMS_PER_USER = 10;
export const CREDENTIAL_CHECK_MS = 1_000;
/** Recent events kept per user with streams: a reconnect within them gets what it missed, one further back "all". */
const KEPT_EVENTS = 32;
/** A user's kept events outlive their last stream this long, so that a reconnect still finds them. */
const KEEP_AFTER_LAST_STREAM_MS = 60_000;
const CREDENTIAL_CHECK_BATCH = 500;

/** What the stream was opened with: a session (the web app) or a personal access token. */
export interface Credential {
  kind: "session" | "token";
  id: string;
}

interface Stream {
  response: ServerResponse;
  userId: string;
  credential: Credential;
}

interface UserStreams {
  streams: Stream[];
  version: number;
  recent: ChangeEvent[];
  emptySince: number | null;
  /** Events go out in order, each after its streams' credentials were checked. */
  sending: Promise<void>;
}

export interface LiveStreamsDeps {
  heartbeatMs?: number;
  maxStreamsPerUser?: number;
  /** Of the given sessions or tokens, those still live (not logged out, revoked, expired or deleted). */
  liveCredentialIds(kind: Credential["kind"], ids: string[]): Promise<Set<string>>;
  /** The users' data versions now: after notices may have been missed. */
  dataVersions(userIds: string[]): Promise<Map<string, number>>;
  onError(error: unknown): void;
}

export type LiveStreams = ReturnType<typeof liveStreams>;

/** A response's 'error' would otherwise throw; its stream ends at its 'close'. */
const ignoreError = () => {};

export function liveStreams(deps: LiveStreamsDeps) {
  const heartbeatMs = deps.heartbeatMs ?? HEARTBEAT_MS;
  const checkMs = Math.min(CREDENTIAL_CHECK_MS, heartbeatMs);
  const maxPerUser = deps.maxStreamsPerUser ?? MAX_STREAMS_PER_USER;
  const users = new Map<string, UserStreams>();
  const open = new Set<Stream>();
  let heartbeat: NodeJS.Timeout | undefined;
  let lastHeartbeat = 0;
  let checking = false;

  /** `gone`: the client left; its half-closed socket is let go rather than answered. */
  function end(stream: Stream, gone = false): void {
    if (!open.delete(stream)) return;
    const group = users.get(stream.userId);
    if (group) {
      group.streams = group.streams.filter((other) => other !== stream);
      if (group.streams.length === 0) group.emptySince = Date.now();
    }
    if (gone) stream.response.destroy();
    else stream.response.end();
    if (open.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function send(streams: Stream[], event: ChangeEvent): void {
    const text = formatChangeEvent(event);
    for (const stream of streams) if (open.has(stream)) stream.response.write(text);
  }

  /** What a client at `since` missed: the union of the kept events after it, or "all" when some are not kept. */
  function catchUp(group: UserStreams, since: number): ChangeEvent {
    const missed = group.recent.filter((event) => event.version > since);
    const complete = missed.length === group.version - since && missed[0]?.version === since + 1;
    const kinds = complete ? [...new Set(missed.flatMap((event) => event.kinds))] : (["all"] as ChangeKind[]);
    return { version: group.version, kinds };
  }

  async function endDeadCredentials(streams: Stream[]): Promise<void> {
    const live = { session: new Set<string>(), token: new Set<string>() };
    for (const kind of ["session", "token"] as const) {
      const ids = [...new Set(streams.filter((stream) => stream.credential.kind === kind).map((stream) => stream.credential.id))];
      for (let start = 0; start < ids.length; start += CREDENTIAL_CHECK_BATCH) {
        for (const id of await deps.liveCredentialIds(kind, ids.slice(start, start + CREDENTIAL_CHECK_BATCH))) live[kind].add(id);
      }
    }
    const dead = streams.filter((stream) => open.has(stream) && !live[stream.credential.kind].has(stream.credential.id));
    if (dead.length === 0) return;
    try {
      // A user with no data version left was deleted: each device says so and keeps nothing (issue 56).
      const userIds = [...new Set(dead.map((stream) => stream.userId))];
      const remaining = await deps.dataVersions(userIds);
      for (const stream of dead) if (!remaining.has(stream.userId) && open.has(stream)) stream.response.write(formatAccountDeletedEvent());
    } finally {
      for (const stream of dead) end(stream);
    }
  }

  /** Sends to the group's streams of now once their credentials are checked, so an ended session hears nothing more. */
  function sendChecked(group: UserStreams, event: ChangeEvent): void {
    const streams = [...group.streams];
    group.sending = group.sending
      .then(() => endDeadCredentials(streams))
      .catch(deps.onError)
      .then(() => send(streams, event));
  }

  function tick(): void {
    const now = Date.now();
    if (now - lastHeartbeat >= heartbeatMs) {
      lastHeartbeat = now;
      for (const stream of open) stream.response.write(": heartbeat\n\n");
    }
    for (const [userId, group] of users) {
      if (group.emptySince !== null && now - group.emptySince > KEEP_AFTER_LAST_STREAM_MS) users.delete(userId);
    }
    if (checking) return;
    checking = true;
    endDeadCredentials([...open])
      .catch(deps.onError)
      .finally(() => {
        checking = false;
      });
  }

  return {
    /** Starts a stream on a response whose head is written; `since`: the version the client already has. */
    add(response: ServerResponse, who: { userId: string; credential: Credential; version: number; since?: number }): void {
      let group = users.get(who.userId);
      if (!group) {
        group = { streams: [], version: who.version, recent: [], emptySince: null, sending: Promise.resolve() };
        users.set(who.userId, group);
      }
      group.version = Math.max(group.version, who.version);
      group.emptySince = null;
      const stream: Stream = { response, userId: who.userId, credential: who.credential };
      response.write(`retry: ${RETRY_MS}\n\n`);
      if (who.since !== undefined && who.since !== group.version) response.write(formatChangeEvent(catchUp(group, who.since)));
      group.streams.push(stream);
      open.add(stream);
      response.on("close", () => end(stream, true)).on("error", ignoreError);
      if (group.streams.length > maxPerUser) end(group.streams[0]!);
      if (!heartbeat) {
        lastHeartbeat = Date.now();
        heartbeat = setInterval(tick, checkMs).unref();
      }
    },

    notice(notice: ChangeNotice): void {
      const group = users.get(notice.userId);
      if (!group || notice.version <= group.version) return;
      const { userId: _userId, ...event } = notice;
      group.version = notice.version;
      group.recent.push(event);
      if (group.recent.length > KEPT_EVENTS) group.recent.shift();
      if (group.streams.length > 0) sendChecked(group, event);
    },

    /** After a gap in the notices: a user whose version moved meanwhile gets one "all". */
    async catchUpAfterGap(): Promise<void> {
      const watched = [...users.entries()].filter(([, group]) => group.streams.length > 0);
      if (watched.length === 0) return;
      const versions = await deps.dataVersions(watched.map(([userId]) => userId));
      for (const [userId, group] of watched) {
        const version = versions.get(userId);
        if (version === undefined || version <= group.version) continue;
        group.version = version;
        group.recent = [];
        sendChecked(group, { version, kinds: ["all"] });
      }
    },

    closeAll(): void {
      for (const stream of open) end(stream);
    },

    get size(): number {
      return open.size;
    },
  };
}
