// Reads a subscribed calendar's ICS text from the user's URL, which is untrusted: bounded in time, size and
// redirects, and refused when any hop's host resolves to a private address (server-side request forgery).
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

export const ICS_FETCH_TIMEOUT_MS = 10_000;
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
export const ICS_MAX_REDIRECTS = 3;

/** Its message is shown to the user as it is: it never contains the URL. */
export class CalendarFetchError extends Error {}

const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv6");
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  // IPv4-mapped IPv6 (::ffff:a.b.c.d) is refused outright: BlockList would test IPv4 addresses against such a range.
  if (family === 6 && /^::ffff:/i.test(address)) return true;
  return privateRanges.check(address, family === 4 ? "ipv4" : "ipv6");
}

/** http(s) only; webcal:// is the same address over https. */
export function normaliseCalendarUrl(input: string): URL {
  let url: URL;
  try {
    url = new URL(input.trim().replace(/^webcals?:\/\//i, "https://"));
  } catch {
    throw new CalendarFetchError("That is not a web address: paste the calendar's ICS (iCal) address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new CalendarFetchError("The address must start with http://, https:// or webcal://");
  }
  if (url.username || url.password) throw new CalendarFetchError("The address must not carry a user name or password");
  return url;
}

/** The host and an ellipsis: enough to recognise the calendar, nothing of its secret path. */
export function shortenCalendarUrl(stored: string): string {
  try {
    const url = new URL(stored);
    return `${url.host}/…`;
  } catch {
    return "…";
  }
}

async function refusePrivateHost(url: URL): Promise<void> {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: { address: string }[];
  try {
    addresses = await lookup(host, { all: true, verbatim: true });
  } catch {
    throw new CalendarFetchError(`The calendar's host ${host} could not be found`);
  }
  if (addresses.length === 0 || addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new CalendarFetchError(`The calendar's host ${host} is on a private network, which Daywise does not read`);
  }
}

async function readBounded(response: Response, maxBytes: number): Promise<string> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number) {
  return new CalendarFetchError(`The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB`);
}

export interface IcsFetchOptions {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/** The calendar's text, or a CalendarFetchError saying what went wrong in words a user can act on. */
export async function fetchIcs(address: string, options: IcsFetchOptions): Promise<string> {
  const timeoutMs = options.timeoutMs ?? ICS_FETCH_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url = normaliseCalendarUrl(address);
  try {
    for (let hop = 0; ; hop += 1) {
      if (!options.allowPrivateUrls) await refusePrivateHost(url);
      const response = await fetch(url, {
        redirect: "manual",
        signal,
        headers: { accept: "text/calendar, text/plain;q=0.9, */*;q=0.1", "user-agent": "Daywise calendar subscription" },
      });
      if (response.status >= 300 && response.status < 400 && response.headers.has("location")) {
        await response.body?.cancel().catch(() => undefined);
        if (hop >= ICS_MAX_REDIRECTS) throw new CalendarFetchError(`The calendar redirected more than ${ICS_MAX_REDIRECTS} times`);
        url = normaliseCalendarUrl(new URL(response.headers.get("location")!, url).href);
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new CalendarFetchError(
          `The calendar's server answered ${response.status}${response.statusText ? ` ${response.statusText}` : ""}`,
        );
      }
      const text = await readBounded(response, options.maxBytes ?? ICS_MAX_BYTES);
      const start = text.replace(/^\uFEFF/, "").trimStart();
      if (/^<(!doctype|html|\?xml)/i.test(start))
        throw new CalendarFetchError("The address sent a web page, not a calendar: use its ICS (iCal) address");
      if (!/^BEGIN:VCALENDAR/i.test(start)) throw new CalendarFetchError("The address did not send an ICS calendar (no BEGIN:VCALENDAR)");
      return text;
    }
  } catch (error) {
    if (error instanceof CalendarFetchError) throw error;
    if (signal.aborted) throw new CalendarFetchError(`The calendar did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
    throw new CalendarFetchError("The calendar's server could not be reached");
  }
}
