import dns from "node:dns";
import { Agent } from "node:https";
import { connect, isIP, type LookupFunction, type NetConnectOpts } from "node:net";
import webpush from "web-push";
import { CalendarFetchError, checkPublicUrl, checkedLookup, isPrivateAddress, privateHost } from "../calendar/calendar-fetch.ts";

export const PUSH_TIMEOUT_MS = 10_000;
const SUBJECT = "push service";

export interface PushSendOptions {
  allowPrivateEndpoints: boolean;
  vapid: { subject: string; publicKey: string; privateKey: string };
  timeoutMs?: number;
  lookup?: LookupFunction;
}

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** gone: the push service no longer knows the subscription (404 or 410), which is then deleted. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; error: string };

/** The same refusal as webhooks' and calendars': HTTPS, no credentials, no private address (decision 056). */
export function checkPushEndpoint(input: string, options: Pick<PushSendOptions, "allowPrivateEndpoints" | "lookup">): Promise<string> {
  return checkPublicUrl(input, {
    allowPrivate: options.allowPrivateEndpoints,
    lookup: options.lookup,
    subject: SUBJECT,
    messages: {
      notAddress: "The push endpoint is not a web address",
      notHttps: "The push endpoint must start with https://",
      credentials: "The push endpoint must not carry a user name or password",
    },
  });
}

export function makeVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}

/** web-push speaks only HTTPS; a local push service for tests (web-push-testing) answers plain HTTP. */
class PlainHttpAgent extends Agent {
  override createConnection(options: NetConnectOpts) {
    return connect(options);
  }
}

function agentFor(endpoint: string, options: PushSendOptions, timeoutMs: number): Agent | undefined {
  if (options.allowPrivateEndpoints) return new URL(endpoint).protocol === "http:" ? new PlainHttpAgent({ timeout: timeoutMs }) : undefined;
  return new Agent({ lookup: checkedLookup(options.lookup ?? dns.lookup, isPrivateAddress, SUBJECT), timeout: timeoutMs });
}

/** Encrypts (RFC 8291) and signs (RFC 8292) with web-push; the connection refuses a private address at connect time, too. */
export async function sendPush(target: PushTarget, payload: string, options: PushSendOptions, ttlSeconds: number): Promise<PushOutcome> {
  const timeoutMs = options.timeoutMs ?? PUSH_TIMEOUT_MS;
  const agent = agentFor(target.endpoint, options, timeoutMs);
  try {
    const host = new URL(target.endpoint).hostname.replace(/^\[|\]$/g, "");
    if (!options.allowPrivateEndpoints && isIP(host) && isPrivateAddress(host)) throw privateHost(host, SUBJECT);
    await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
      vapidDetails: options.vapid,
      TTL: Math.max(0, Math.round(ttlSeconds)),
      timeout: timeoutMs,
      urgency: "high",
      ...(agent ? { agent } : {}),
    });
    return { ok: true };
  } catch (error) {
    if (error instanceof webpush.WebPushError) {
      const gone = error.statusCode === 404 || error.statusCode === 410;
      return { ok: false, gone, error: `The push service answered ${error.statusCode}` };
    }
    if (error instanceof CalendarFetchError) return { ok: false, gone: false, error: error.message };
    return { ok: false, gone: false, error: "The push service could not be reached" };
  } finally {
    agent?.destroy();
  }
}
