import { vi } from "vitest";

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

/** Replaces fetch for the current test; undo with vi.unstubAllGlobals(). */
export function mockFetch(handler: FetchHandler) {
  const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>(async (url, init) => handler(url, init));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

export function jsonResponse(data: unknown, status = 200): Response {
  return new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
}

export function errorResponse(status: number, message = "Error"): Response {
  return new Response(JSON.stringify({ message, code: "error" }), { status, headers: { "Content-Type": "application/json" } });
}

export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((onResolve, onReject) => {
    resolve = onResolve;
    reject = onReject;
  });
  return { promise, resolve, reject };
}
