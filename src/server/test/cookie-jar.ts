// A browser-like cookie jar for app.inject: keeps Set-Cookie answers (name, path, expiry) and
// sends back the cookies whose path matches a request, as a browser would.
import type { LightMyRequestResponse } from "fastify";

interface StoredCookie {
  name: string;
  value: string;
  path: string;
  expiresAt: number | null;
}

export class CookieJar {
  #cookies = new Map<string, StoredCookie>();

  /** Reads every Set-Cookie of an answer, at the given instant (the app's clock). */
  store(response: LightMyRequestResponse, now: Date = new Date()): void {
    for (const cookie of response.cookies) {
      const path = cookie.path ?? "/";
      const key = `${cookie.name};${path}`;
      const expiresAt =
        cookie.maxAge !== undefined ? now.getTime() + cookie.maxAge * 1000 : cookie.expires ? new Date(cookie.expires).getTime() : null;
      if (expiresAt !== null && expiresAt <= now.getTime()) {
        this.#cookies.delete(key);
      } else {
        this.#cookies.set(key, { name: cookie.name, value: cookie.value, path, expiresAt });
      }
    }
  }

  /** The Cookie header for a request path (longest paths first, as browsers order them). */
  header(pathname: string, now: Date = new Date()): string {
    return [...this.#cookies.values()]
      .filter((cookie) => cookie.expiresAt === null || cookie.expiresAt > now.getTime())
      .filter((cookie) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith("/") ? cookie.path : `${cookie.path}/`))
      .sort((a, b) => b.path.length - a.path.length)
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join("; ");
  }

  get(name: string): string | undefined {
    return [...this.#cookies.values()].find((cookie) => cookie.name === name)?.value;
  }

  has(name: string): boolean {
    return this.get(name) !== undefined;
  }
}
