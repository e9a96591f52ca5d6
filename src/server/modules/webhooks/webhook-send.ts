import dns from "node:dns";
import { isIP, type LookupFunction } from "node:net";
import { Webhook } from "standardwebhooks";
import { CalendarFetchError, checkPublicUrl, checkedLookup, isPrivateAddress, privateHost } from "../calendar/calendar-fetch.ts";

export const WEBHOOK_TIMEOUT_MS = 10_000;

export interface WebhookSendOptions {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  lookup?: LookupFunction;
}

export interface WebhookMessage {
  url: string;
  secret: string;
  id: string;
  at: Date;
  payload: string;
}

export function newWebhookSecret(random: Buffer): string {
  return `whsec_${random.toString("base64")}`;
}

export function checkWebhookUrl(input: string, options: WebhookSendOptions): Promise<string> {
  return checkPublicUrl(input, {
    allowPrivate: options.allowPrivateUrls,
    lookup: options.lookup,
    subject: "webhook",
    messages: {
      notAddress: "That is not a web address: use the https:// address your automation gives",
      notHttps: "The address must start with https://",
      credentials: "The address must not carry a user name or password",
    },
  });
}

export async function sendWebhook(
  message: WebhookMessage,
  options: WebhookSendOptions,
): Promise<{ responseStatus: number | null; error: string | null }> {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const refuse = options.allowPrivateUrls ? null : isPrivateAddress;
  const lookup = refuse ? checkedLookup(options.lookup ?? dns.lookup, refuse, "webhook") : options.lookup;
  const { Agent, request } = await import("undici");
  const agent = new Agent({ connect: { lookup, timeout: timeoutMs } });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const url = new URL(message.url);
    const host = url.hostname.replace(/^\[|\]$/g, "");
    if (refuse && isIP(host) && refuse(host)) throw privateHost(host, "webhook");
    const { statusCode, body } = await request(url, {
      method: "POST",
      dispatcher: agent,
      signal,
      reset: true,
      body: message.payload,
      headers: {
        "content-type": "application/json",
        "user-agent": "Daywise webhooks",
        "webhook-id": message.id,
        "webhook-timestamp": String(Math.floor(message.at.getTime() / 1000)),
        "webhook-signature": new Webhook(message.secret).sign(message.id, message.at, message.payload),
      },
    });
    body.on("error", () => undefined).destroy();
    if (statusCode >= 200 && statusCode < 300) return { responseStatus: statusCode, error: null };
    return { responseStatus: statusCode, error: `The receiver answered ${statusCode}` };
  } catch (error) {
    if (error instanceof CalendarFetchError) return { responseStatus: null, error: error.message };
    if (signal.aborted)
      return { responseStatus: null, error: `The receiver did not answer within ${Math.round(timeoutMs / 1000)} seconds` };
    return { responseStatus: null, error: "The receiver could not be reached" };
  } finally {
    await agent.destroy();
  }
}
