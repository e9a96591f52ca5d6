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
//  - the answer is a real Response: a JSON answer is read whole first (one chunk, no stream
//    machinery per piece), an event stream is passed on piece by piece as it arrives.
// Anything else (a Request object, a body that is not a string or bytes) goes to the built-in fetch.
// Redirects are not followed (no provider API redirects); nor is the answer decompressed, as no
// Accept-Encoding is sent.
import http from "node:http";
import https from "node:https";

const agents = {
  "http:": new http.Agent({ keepAlive: true }),
  "https:": new https.Agent({ keepAlive: true }),
};

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

function plainHeaders(headers: HeadersInit | undefined): Record<string, string> {
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
  const target = new URL(url);
  const agent = agents[target.protocol as keyof typeof agents];
  if (!agent) return fetch(input, init);
  const signal = init?.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(abortReason(signal));

  return new Promise<Response>((resolve, reject) => {
    const headers = plainHeaders(init?.headers);
    headers.accept ??= "*/*";
    if (body != null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
    const request = (target.protocol === "https:" ? https : http).request(target, { method: init?.method ?? "GET", headers, agent });
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
    const answerWith = (make: () => Response) => {
      try {
        resolve(make());
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
      if (init.headers.get("content-type")?.startsWith("text/event-stream") && !NULL_BODY_STATUSES.has(status)) {
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
        answerWith(() => new Response(NULL_BODY_STATUSES.has(status) ? null : (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)) as Uint8Array<ArrayBuffer>, init));
      });
    });
    request.end(body ?? undefined);
  });
};
