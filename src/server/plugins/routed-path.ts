import type { FastifyRequest } from "fastify";

/**
 * The path a check by prefix must read: the pattern of the route the router chose, or for a request no
 * route took, its path decoded. The raw URL is not it: "/%61uth/providers" is routed as "/auth/providers".
 */
export function routedPath(request: FastifyRequest): string {
  return request.routeOptions.url ?? decodedPath(request.url);
}

/** A URL's path without its query, percent-decoded (as sent when it does not decode). */
export function decodedPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}
