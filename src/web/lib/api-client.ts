import type { AuthProvidersResponse } from "../../shared/api/user.ts";
import { CLIENT_ID_HEADER, CLIENT_SEQ_HEADER, DATA_VERSION_HEADER } from "../../shared/api/live-events.ts";
import { signInPath } from "../../shared/sign-in-path.ts";
import { dropBootAnswers, takeBootAnswer } from "./boot-answers.ts";
import { clientId } from "./client-id.ts";

export const CSRF_COOKIE = "csrfToken";
export const CSRF_HEADER = "X-CSRF-Token";
export const BACKGROUND_REFRESH_INTERVAL_MS = 45 * 60 * 1000;
export const DEFAULT_SIGN_IN_PROVIDER = "local";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);
const LAST_PROVIDER_KEY = "daywise:last-sign-in-provider";

/** Behind an object so that tests can observe it (jsdom cannot navigate). */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
};

export class ApiError extends Error {
  override readonly name = "ApiError";
  readonly status: number;
  readonly statusText: string;
  readonly body: string;
  /** The answer's Retry-After: a 409 with it is a request still running (decision 042), not a conflict. */
  readonly retryAfter: string | null;

  constructor(status: number, statusText: string, body: string, retryAfter: string | null = null) {
    super(`${status}: ${body || statusText}`);
    this.status = status;
    this.statusText = statusText;
    this.body = body;
    this.retryAfter = retryAfter;
  }

  get serverMessage(): string | undefined {
    return this.parsedBody()?.message;
  }

  get code(): string | undefined {
    return this.parsedBody()?.code;
  }

  private parsedBody(): { message?: string; code?: string } | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed === null || typeof parsed !== "object") return undefined;
      const { message, code } = parsed as Record<string, unknown>;
      return {
        message: typeof message === "string" ? message : undefined,
        code: typeof code === "string" ? code : undefined,
      };
    } catch {
      return undefined;
    }
  }
}

export function getErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  return fallback;
}

export interface ApiRequestInit extends Omit<RequestInit, "credentials"> {
  json?: unknown;
  refreshOn401?: boolean;
}

export function readCookie(name: string): string | undefined {
  for (const pair of document.cookie.split(";")) {
    const separator = pair.indexOf("=");
    if (separator === -1) continue;
    if (pair.slice(0, separator).trim() === name) {
      const value = pair.slice(separator + 1).trim();
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    }
  }
  return undefined;
}

export function readCsrfToken(): string {
  return readCookie(CSRF_COOKIE) ?? "";
}

let lastClientSeq = 0;

/** The sequence number of this tab's writes that bypass the outbox (sign-out, model calls, imports). */
export function nextClientSeq(): number {
  lastClientSeq += 1;
  return lastClientSeq;
}

/** Every write names its tab, so that the tab knows its own change events; the outbox sets its own. */
function withClientHeaders(init: ApiRequestInit): ApiRequestInit {
  const headers = new Headers(init.headers);
  if (!headers.has(CLIENT_ID_HEADER)) headers.set(CLIENT_ID_HEADER, clientId);
  if (!headers.has(CLIENT_SEQ_HEADER)) headers.set(CLIENT_SEQ_HEADER, String(nextClientSeq()));
  return { ...init, headers };
}

/** Built per attempt, so that a repeat after a refresh carries the current CSRF cookie. */
function toRequestInit(init: ApiRequestInit): RequestInit {
  const { json, refreshOn401: _refreshOn401, headers: initHeaders, body: initBody, ...rest } = init;
  const method = (init.method ?? "GET").toUpperCase();
  const headers = new Headers(initHeaders);
  let body = initBody;
  if (json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(json);
  }
  if (!headers.has("Accept")) headers.set("Accept", "application/json");
  if (UNSAFE_METHODS.has(method)) headers.set(CSRF_HEADER, readCsrfToken());
  return { ...rest, method, headers, body, credentials: "include" };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await response.text().catch(() => "");
  return new ApiError(response.status, response.statusText, body, response.headers.get("Retry-After"));
}

let refreshInFlight: Promise<boolean> | null = null;
/** So that a 401 to a request sent before a refresh just repeats. */
let sessionGeneration = 0;
let isLeavingPage = false;
let backgroundRefreshTimer: ReturnType<typeof setInterval> | undefined;

export function refreshSession(): Promise<boolean> {
  refreshInFlight ??= requestRefresh().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

export function isRefreshingSession(): boolean {
  return refreshInFlight !== null;
}

async function requestRefresh(): Promise<boolean> {
  try {
    const response = await fetch("/auth/refresh", toRequestInit({ method: "POST" }));
    if (response.ok) {
      sessionGeneration += 1;
      return true;
    }
    console.warn(`Session refresh failed: ${response.status} ${response.statusText}`);
    return false;
  } catch (error) {
    console.warn("Session refresh failed", error);
    return false;
  }
}

export function startBackgroundRefresh(): void {
  if (backgroundRefreshTimer !== undefined) return;
  backgroundRefreshTimer = setInterval(() => {
    if (refreshInFlight) return;
    void refreshSession();
  }, BACKGROUND_REFRESH_INTERVAL_MS);
}

export function stopBackgroundRefresh(): void {
  clearInterval(backgroundRefreshTimer);
  backgroundRefreshTimer = undefined;
}

/** A query refused before the reload must not send the browser to sign in instead. */
export function reloadSignedOut(): void {
  stopBackgroundRefresh();
  isLeavingPage = true;
  browserNavigation.reload();
}

export function isBackgroundRefreshRunning(): boolean {
  return backgroundRefreshTimer !== undefined;
}

function currentReturnPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export function rememberSignInProvider(providerId: string): void {
  try {
    localStorage.setItem(LAST_PROVIDER_KEY, providerId);
  } catch {
    // Storage can be unavailable (private mode); the first configured provider is used then.
  }
}

function readRememberedProvider(): string | null {
  try {
    return localStorage.getItem(LAST_PROVIDER_KEY);
  } catch {
    return null;
  }
}

export async function resolveSignInPath(returnTo = currentReturnPath()): Promise<string> {
  try {
    const response = await fetch("/auth/providers", { credentials: "include", headers: { Accept: "application/json" } });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const { providers } = (await response.json()) as AuthProvidersResponse;
    const remembered = readRememberedProvider();
    const chosen = providers.find((provider) => provider.id === remembered) ?? providers[0];
    return signInPath(chosen?.id ?? DEFAULT_SIGN_IN_PROVIDER, returnTo);
  } catch (error) {
    console.warn("Could not read the sign-in providers", error);
    return signInPath(DEFAULT_SIGN_IN_PROVIDER, returnTo);
  }
}

function redirectToSignIn(): void {
  if (isLeavingPage) return;
  isLeavingPage = true;
  void resolveSignInPath().then((path) => browserNavigation.assign(path));
}

/** The data version of the page's first read: the change stream, opened later, starts from it. */
export const pageData: { firstVersion?: number } = {};

export async function apiFetch(path: string, requestInit: ApiRequestInit = {}): Promise<Response> {
  const generation = sessionGeneration;
  const method = (requestInit.method ?? "GET").toUpperCase();
  const isGet = method === "GET";
  const init = UNSAFE_METHODS.has(method) ? withClientHeaders(requestInit) : requestInit;
  // Boot answers (decision 013) stand only until the page writes anything.
  if (!isGet) dropBootAnswers();
  let response = (isGet && takeBootAnswer(path)) || (await fetch(path, toRequestInit(init)));
  if (response.status === 401 && init.refreshOn401 !== false) {
    const isRefreshed = generation !== sessionGeneration || (await refreshSession());
    if (isRefreshed) {
      response = await fetch(path, toRequestInit(init));
    } else {
      redirectToSignIn();
    }
  }
  if (!response.ok) throw await toApiError(response);
  if (isGet) pageData.firstVersion ??= Number(response.headers.get(DATA_VERSION_HEADER)) || undefined;
  return response;
}

/** Not checked again: the server's response schemas shape it, and zod would cost the first paint (decision 013). */
export async function apiJson<T>(path: string, init: ApiRequestInit = {}): Promise<T> {
  const response = await apiFetch(path, init);
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
