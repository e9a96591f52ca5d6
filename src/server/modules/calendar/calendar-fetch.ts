// Reads a subscribed calendar's ICS text from the user's URL, which is untrusted: bounded in time, size and
// redirects, and refused when any hop connects to a private address (server-side request forgery).
import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { pipeline, type Readable, type Transform } from "node:stream";
import zlib from "node:zlib";
import type { Dispatcher } from "undici";

export const ICS_FETCH_TIMEOUT_MS = 10_000;
export const ICS_MAX_BYTES = 5 * 1024 * 1024;
export const ICS_MAX_REDIRECTS = 3;

/** Its message is shown to the user as it is: it never contains the URL. */
export class CalendarFetchError extends Error {}

// IANA's IPv4 and IPv6 special-purpose address registries, multicast, and the deprecated site-local and IPv4-compatible ranges.
const privateRanges = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.31.196.0", 24],
  ["192.52.193.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["192.175.48.0", 24],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  privateRanges.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["100:0:0:1::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["2620:4f:8000::", 48],
  ["3fff::", 20],
  ["5f00::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
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

/** The address the socket connects to is the one checked: a host answering a public address to a first look and
 *  127.0.0.1 to a second (DNS rebinding) has no second look to exploit. Every address of the answer must pass. */
export function checkedLookup(resolve: LookupFunction, refuse: (address: string) => boolean, subject = "calendar"): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, answer) => {
      const addresses = Array.isArray(answer) ? answer : [];
      if (error || addresses.length === 0)
        return callback(new CalendarFetchError(`The ${subject}'s host ${hostname} could not be found`), "");
      if (addresses.some(({ address }) => refuse(address))) return callback(privateHost(hostname, subject), "");
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export function privateHost(host: string, subject = "calendar") {
  const verb = subject === "calendar" ? "read" : "send to";
  return new CalendarFetchError(`The ${subject}'s host ${host} is on a private network, which Daywise does not ${verb}`);
}

const decoders: Record<string, () => Transform> = {
  gzip: zlib.createGunzip,
  "x-gzip": zlib.createGunzip,
  deflate: zlib.createInflate,
  br: zlib.createBrotliDecompress,
};

/** The body, decompressed and counted after decompression (a small gzip can hold gigabytes). */
async function readBounded(
  headers: Dispatcher.ResponseData["headers"],
  body: Readable,
  maxBytes: number,
  subject: string,
): Promise<string> {
  if (Number(headers["content-length"]) > maxBytes) throw tooLarge(maxBytes, subject);
  const encoding = String(headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  const decoder = decoders[encoding];
  if (!decoder && encoding !== "identity") throw new CalendarFetchError(`The ${subject} came in a compression Daywise does not read`);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of (decoder ? pipeline(body, decoder(), () => undefined) : body) as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > maxBytes) throw tooLarge(maxBytes, subject);
    chunks.push(chunk);
  }
  return new TextDecoder("utf-8").decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number, subject: string) {
  const size = maxBytes >= 1024 * 1024 ? `${Math.round(maxBytes / 1024 / 1024)} MB` : `${Math.round(maxBytes / 1024)} KB`;
  return new CalendarFetchError(`The ${subject} is larger than ${size}`);
}

export interface PublicUrlCheck {
  allowPrivate?: boolean;
  lookup?: LookupFunction;
  subject: string;
  messages: { notAddress: string; notHttps: string; credentials: string };
}

/** An address the server will call later (a webhook, a push service): https, no credentials, and a host
 *  that resolves to no private address now; each send checks again at connect time. */
export async function checkPublicUrl(input: string, check: PublicUrlCheck): Promise<string> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new CalendarFetchError(check.messages.notAddress);
  }
  if (url.protocol !== "https:" && !(check.allowPrivate && url.protocol === "http:")) throw new CalendarFetchError(check.messages.notHttps);
  if (url.username || url.password) throw new CalendarFetchError(check.messages.credentials);
  if (check.allowPrivate) return url.href;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (isIP(host)) {
    if (isPrivateAddress(host)) throw privateHost(host, check.subject);
    return url.href;
  }
  const lookup = checkedLookup(check.lookup ?? dns.lookup, isPrivateAddress, check.subject);
  await new Promise<void>((resolve, reject) => lookup(host, { all: true }, (error) => (error ? reject(error) : resolve())));
  return url.href;
}

export interface IcsFetchOptions {
  allowPrivateUrls: boolean;
  timeoutMs?: number;
  maxBytes?: number;
  /** The resolver connections use (dns.lookup); a test stands in its own answers. */
  lookup?: LookupFunction;
  /** Which addresses are refused when private URLs are not allowed: isPrivateAddress unless a test says otherwise. */
  refuseAddress?: (address: string) => boolean;
  /** Ends the read early (the server closing). */
  signal?: AbortSignal;
}

export interface UntrustedFetchOptions extends IcsFetchOptions {
  /** Names the thing read in every message: "The <subject>'s server answered 404". */
  subject: string;
  headers: Record<string, string>;
}

/** An untrusted address's body as text: bounded in time, size and redirects, every hop's address checked. */
export async function fetchUntrusted(start: URL, options: UntrustedFetchOptions): Promise<string> {
  const { subject } = options;
  const timeoutMs = options.timeoutMs ?? ICS_FETCH_TIMEOUT_MS;
  const signal = options.signal ? AbortSignal.any([AbortSignal.timeout(timeoutMs), options.signal]) : AbortSignal.timeout(timeoutMs);
  const refuse = options.allowPrivateUrls ? null : (options.refuseAddress ?? isPrivateAddress);
  const lookup = refuse ? checkedLookup(options.lookup ?? dns.lookup, refuse, subject) : options.lookup;
  let url = start;
  // undici loads with the first read rather than at start.
  const { Agent, request } = await import("undici");
  // This read's own connections, each hop on a new one (reset), all closed when the read ends.
  const agent = new Agent({ connect: { lookup, timeout: timeoutMs } });
  // A request still connecting only notes its signal's abort: destroying the agent ends it at once.
  const endConnecting = () => void agent.destroy(signal.reason as Error);
  signal.addEventListener("abort", endConnecting, { once: true });
  try {
    for (let hop = 0; ; hop += 1) {
      const host = url.hostname.replace(/^\[|\]$/g, "");
      // An address in the URL is connected to without a lookup, so it is checked here.
      if (refuse && isIP(host) && refuse(host)) throw privateHost(host, subject);
      const { statusCode, statusText, headers, body } = await request(url, {
        dispatcher: agent,
        signal,
        reset: true,
        headers: options.headers,
      });
      try {
        if (statusCode >= 300 && statusCode < 400 && typeof headers.location === "string") {
          if (hop >= ICS_MAX_REDIRECTS) throw new CalendarFetchError(`The ${subject} redirected more than ${ICS_MAX_REDIRECTS} times`);
          url = normaliseCalendarUrl(new URL(headers.location, url).href);
          continue;
        }
        if (statusCode < 200 || statusCode >= 300)
          throw new CalendarFetchError(`The ${subject}'s server answered ${statusCode}${statusText ? ` ${statusText}` : ""}`);
        return await readBounded(headers, body, options.maxBytes ?? ICS_MAX_BYTES, subject);
      } finally {
        // A body left unread (a redirect, a refusal) errors as it is dropped: nobody is waiting for that error.
        body.on("error", () => undefined).destroy();
      }
    }
  } catch (error) {
    if (error instanceof CalendarFetchError) throw error;
    if (signal.aborted) throw new CalendarFetchError(`The ${subject} did not answer within ${Math.round(timeoutMs / 1000)} seconds`);
    const code = String((error as { code?: unknown }).code);
    if (code.startsWith("Z_")) throw new CalendarFetchError(`The ${subject}'s compressed text is broken`);
    // What an http-only server answers to a TLS hello; webcal:// is read as https:// and never silently as http.
    if (url.protocol === "https:" && code === "ERR_SSL_WRONG_VERSION_NUMBER") {
      throw new CalendarFetchError(
        `The ${subject}'s server does not speak https, which a webcal:// address is read with: if you trust it, paste its http:// address`,
      );
    }
    throw new CalendarFetchError(`The ${subject}'s server could not be reached`);
  } finally {
    signal.removeEventListener("abort", endConnecting);
    await agent.destroy();
  }
}

const icsHeaders = {
  accept: "text/calendar, text/plain;q=0.9, */*;q=0.1",
  "accept-encoding": "gzip, deflate, br",
  "user-agent": "Daywise calendar subscription",
};

/** The calendar's text, or a CalendarFetchError saying what went wrong in words a user can act on. */
export async function fetchIcs(address: string, options: IcsFetchOptions): Promise<string> {
  const text = await fetchUntrusted(normaliseCalendarUrl(address), { ...options, subject: "calendar", headers: icsHeaders });
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (/^<(!doctype|html|\?xml)/i.test(start))
    throw new CalendarFetchError("The address sent a web page, not a calendar: use its ICS (iCal) address");
  if (!/^BEGIN:VCALENDAR/i.test(start)) throw new CalendarFetchError("The address did not send an ICS calendar (no BEGIN:VCALENDAR)");
  return text;
}
