// Drives app.inject like a browser: a cookie jar, redirects followed by hand, same-origin headers.
import type { LightMyRequestResponse } from "fastify";
import type { App } from "../app.ts";
import { CookieJar } from "./cookie-jar.ts";

export class TestBrowser {
  readonly jar = new CookieJar();
  readonly app: App;
  readonly origin: string;

  constructor(app: App, origin = "http://localhost:3000") {
    this.app = app;
    this.origin = origin;
  }

  /** A path for app.inject from an absolute or relative URL of this site. */
  pathOf(location: string): string {
    const url = new URL(location, this.origin);
    if (url.origin !== this.origin) throw new Error(`left the site: ${location}`);
    return `${url.pathname}${url.search}`;
  }

  async request(
    method: "GET" | "POST",
    location: string,
    options: { form?: Record<string, string>; headers?: Record<string, string> } = {},
  ): Promise<LightMyRequestResponse> {
    const path = this.pathOf(location);
    const pathname = path.split("?")[0] ?? "/";
    const now = this.app.now();
    const cookie = this.jar.header(pathname, now);
    const headers: Record<string, string> = { accept: "text/html", ...(cookie ? { cookie } : {}), ...options.headers };
    if (method === "POST") headers.origin ??= this.origin;
    const response = await this.app.inject({
      method,
      url: path,
      headers: options.form ? { ...headers, "content-type": "application/x-www-form-urlencoded" } : headers,
      ...(options.form ? { payload: new URLSearchParams(options.form).toString() } : {}),
    });
    this.jar.store(response, now);
    return response;
  }

  get(location: string, headers?: Record<string, string>) {
    return this.request("GET", location, { headers });
  }

  /** Follows redirects (GET) until an answer that is not one; returns it and the URLs visited. */
  async follow(response: LightMyRequestResponse, limit = 10): Promise<{ response: LightMyRequestResponse; visited: string[] }> {
    const visited: string[] = [];
    let current = response;
    while (current.statusCode >= 300 && current.statusCode < 400 && current.headers.location) {
      if (visited.length >= limit) throw new Error(`too many redirects: ${visited.join(" -> ")}`);
      const location = String(current.headers.location);
      visited.push(location);
      current = await this.get(location);
    }
    return { response: current, visited };
  }

  /** The X-CSRF-Token header a page would send, read from the csrfToken cookie. */
  csrfHeaders(): Record<string, string> {
    return { "x-csrf-token": this.jar.get("csrfToken") ?? "" };
  }
}

/** The form action of a server-rendered page. */
export function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match?.[1]) throw new Error("no form on the page");
  return match[1].replaceAll("&amp;", "&");
}
