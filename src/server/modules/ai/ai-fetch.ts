// The `fetch` the AI SDK clients are given (ai-providers.ts): node:http / node:https with
// keep-alive agents, in place of Node's built-in fetch (undici). Measured under the chat's bench
// (docs/decisions/008 "Cost per chat"), undici's fetch cost more CPU per call than the rest of the
// SDK's call: its Request and Headers objects, a web stream for the request body written in
// several syscalls, and another for the answer. The SDK only ever POSTs (or GETs) a string to a
// URL with plain headers and reads the answer's status, headers and body, so that is what this
// does, with the same contract for what the SDK's error handling looks at:
//  - a connection that fails before an answer rejects with TypeError("fetch failed", { cause }),
//    the cause carrying the socket's code (ECONNREFUSED, ENOTFOUND, ...), as undici does;
//  - the signal aborting rejects (or errors the answer's body) with the signal's reason, a
//    DOMException named AbortError or TimeoutError, and ends the request on the socket;
//  - an event stream is a real Response whose body passes the pieces on as they arrive; a whole
//    answer (JSON) is read first and handed over as a WholeAnswer: the parts of a Response the
//    SDK reads (status, ok, statusText, headers, body as a one-piece stream made when first read,
//    text/json/arrayBuffer), without the Response class's per-call checks and copies.
// Anything else (a Request object, a body that is not a string or bytes) goes to the built-in fetch.
// Redirects are not followed (no provider API redirects); nor is the answer decompressed, as no
// Accept-Encoding is sent.
import http from "node:http";
import https from "node:https";

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

interface Target {
  send: typeof http.request;
  options: http.RequestOptions;
}

/** Parsed URLs: a provider calls the same one or two endpoints again and again. */
const targets = new Map<string, Target | null>();
const MAX_TARGETS = 100;

function targetOf(url: string): Target | null {
  let target = targets.get(url);
  if (target === undefined) {
    const parsed = new URL(url);
    const agent = agents[parsed.protocol as keyof typeof agents];
    target = agent
      ? {
          send: parsed.protocol === "https:" ? https.request : http.request,
          options: {
            protocol: parsed.protocol,
            hostname: parsed.hostname.startsWith("[") ? parsed.hostname.slice(1, -1) : parsed.hostname,
            port: parsed.port || undefined,
            path: parsed.pathname + parsed.search,
            ...(parsed.username || parsed.password ? { auth: `${decodeURIComponent(parsed.username)}:${decodeURIComponent(parsed.password)}` } : {}),
            agent,
          },
        }
      : null;
    if (targets.size >= MAX_TARGETS) targets.clear();
    targets.set(url, target);
  }
  return target;
}

const utf8 = new TextDecoder();

/** A whole answer, shaped as the parts of a Response that a fetch caller reads. */
class WholeAnswer {
  readonly type = "basic";
  readonly redirected = false;
  #bytes: Uint8Array | null;
  #body: ReadableStream<Uint8Array> | null | undefined;

  constructor(
    readonly url: string,
    readonly status: number,
    readonly statusText: string,
    readonly headers: Headers,
    bytes: Uint8Array | null,
  ) {
    this.#bytes = bytes;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status <= 299;
  }

  get bodyUsed(): boolean {
    return this.#bytes === null && this.#body !== undefined;
  }

  /** The bytes once; a second read fails, as a Response's does. */
  #take(): Uint8Array {
    if (this.#body !== undefined && this.#bytes === null) throw new TypeError("Body is unusable: Body has already been read");
    const bytes = this.#bytes ?? new Uint8Array(0);
    this.#bytes = null;
    this.#body = null;
    return bytes;
  }

  get body(): ReadableStream<Uint8Array> | null {
    if (this.#body === undefined) {
      const bytes = this.#bytes;
      this.#bytes = null;
      this.#body =
        bytes === null
          ? null
          : new ReadableStream<Uint8Array>({
              start(controller) {
                if (bytes.byteLength > 0) controller.enqueue(bytes);
                controller.close();
              },
            });
    }
    return this.#body;
  }

  async text(): Promise<string> {
    return utf8.decode(this.#take());
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  }

  async bytes(): Promise<Uint8Array> {
    return new Uint8Array(this.#take());
  }

  clone(): WholeAnswer {
    const bytes = this.#take();
    this.#bytes = bytes;
    this.#body = undefined;
    return new WholeAnswer(this.url, this.status, this.statusText, new Headers(this.headers), bytes.slice());
  }
}

/** Statuses whose Response may not have a body. */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("This operation was aborted", "AbortError");
}

function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let index = 0; index < raw.length; index += 2) headers.append(raw[index]!, raw[index + 1]!);
  return headers;
}

function plainHeaders(headers: RequestInit["headers"]): Record<string, string> {
  const plain: Record<string, string> = {};
  if (headers === undefined) return plain;
  const entries = headers instanceof Headers ? headers.entries() : Array.isArray(headers) ? headers : Object.entries(headers);
  for (const [name, value] of entries) if (value !== undefined) plain[name.toLowerCase()] = String(value);
  return plain;
}

/** The body as a stream of Uint8Array pieces, read as they come (server-sent events). */
function streamOf(response: http.IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      response.on("data", (chunk: Buffer) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 1) <= 0) response.pause();
      });
      response.once("end", () => controller.close());
      response.once("error", (error) => controller.error(error));
    },
    pull() {
      response.resume();
    },
    cancel() {
      response.destroy();
    },
  });
}

export const aiFetch: typeof fetch = (input, init) => {
  const body = init?.body;
  const url = typeof input === "string" ? input : input instanceof URL ? input.href : undefined;
  if (url === undefined || (body != null && typeof body !== "string" && !(body instanceof Uint8Array))) return fetch(input, init);
  const target = targetOf(url);
  if (!target) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));

  return new Promise<Response>((resolve, reject) => {
    const headers = plainHeaders(init?.headers);
    headers.accept ??= "*/*";
    if (body != null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
    const request = target.send({ ...target.options, method: init?.method ?? "GET", headers });
    let answer: http.IncomingMessage | undefined;
    const onAbort = () => {
      const reason = abortReason(signal!) as Error;
      // Before the answer the promise rejects; after it, the body being read errors.
      if (answer) {
        answer.destroy(reason);
      } else {
        reject(reason);
        request.destroy(reason);
      }
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    const done = () => signal?.removeEventListener("abort", onAbort);
    // A status the Response class refuses (below 200, above 599) is a failed fetch, as in undici.
    const answerWith = (make: () => Response | WholeAnswer) => {
      try {
        resolve(make() as Response);
      } catch (error) {
        answer?.destroy();
        reject(new TypeError("fetch failed", { cause: error }));
      }
    };

    request.once("error", (error) => {
      if (answer) return; // the answer's own 'error' reports it
      done();
      if (!signal?.aborted) reject(new TypeError("fetch failed", { cause: error }));
    });
    request.once("response", (response) => {
      answer = response;
      const status = response.statusCode ?? 0;
      const init = { status, statusText: response.statusMessage ?? "", headers: headersOf(response.rawHeaders) };
      // Node's own parsed headers: cheaper to ask than the Headers object.
      if (response.headers["content-type"]?.toLowerCase().startsWith("text/event-stream") && !NULL_BODY_STATUSES.has(status)) {
        response.once("close", done);
        answerWith(() => new Response(streamOf(response), init));
        return;
      }
      // A whole answer (JSON): read at once, then handed over as one piece.
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.once("error", (error) => {
        done();
        reject(signal?.aborted ? abortReason(signal) : new TypeError("terminated", { cause: error }));
      });
      response.once("end", () => {
        done();
        if (status < 200 || status > 599) return answerWith(() => new Response(null, init));
        const bytes = NULL_BODY_STATUSES.has(status) ? null : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
        answerWith(() => new WholeAnswer(url, status, init.statusText, init.headers, bytes));
      });
    });
    request.end(body ?? undefined);
  });
};
