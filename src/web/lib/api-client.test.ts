import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as ApiClientModule from "./api-client.ts";
import { signInPath } from "../../shared/sign-in-path.ts";

type ApiClient = typeof ApiClientModule;
type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
let api: ApiClient;

function respondWith(handler: Handler) {
  fetchMock.mockImplementation(async (url, init) => handler(url, init));
}

function callsTo(path: string) {
  return fetchMock.mock.calls.filter(([url]) => url === path);
}

function headersOf(call: [string, RequestInit] | undefined): Headers {
  return new Headers(call?.[1].headers);
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const json = (data: unknown, status = 200) =>
  new Response(JSON.stringify(data), { status, headers: { "Content-Type": "application/json" } });
const unauthorized = () => new Response('{"message":"Sign in first","code":"unauthorized"}', { status: 401 });

beforeEach(async () => {
  // A fresh module per test: the refresh and background-timer state is module-wide by design.
  vi.resetModules();
  api = await import("./api-client.ts");
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  vi.spyOn(api.browserNavigation, "assign").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  localStorage.clear();
});

afterEach(() => {
  document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("requests", () => {
  it("sends credentials, the JSON body and the CSRF cookie's value on unsafe methods", async () => {
    document.cookie = "csrfToken=token%2Fvalue; path=/";
    respondWith(() => json({ ok: true }));

    await api.apiJson("/api/tasks", { method: "POST", json: { title: "Write" } });

    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe("/api/tasks");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"title":"Write"}');
    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.get("X-CSRF-Token")).toBe("token/value");
    expect(headers.get("Content-Type")).toBe("application/json");
  });

  it.each(["PUT", "PATCH", "DELETE"])("sends an empty CSRF header on %s when the cookie is absent", async (method) => {
    respondWith(() => new Response(null, { status: 204 }));

    await api.apiFetch("/api/tasks/1", { method });

    const headers = headersOf(fetchMock.mock.calls[0]);
    expect(headers.has("X-CSRF-Token")).toBe(true);
    expect(headers.get("X-CSRF-Token")).toBe("");
    expect(fetchMock.mock.calls[0]![1].credentials).toBe("include");
  });

  it("names the tab and a rising sequence number on every write sent directly, the same on its repeat after a refresh", async () => {
    const { clientId } = await import("./client-id.ts");
    let isRefused = true;
    respondWith((url) => {
      if (url === "/api/auth/logout" && isRefused) {
        isRefused = false;
        return unauthorized();
      }
      return json({ ok: true });
    });

    await api.apiFetch("/api/ai/chat", { method: "POST" });
    await api.apiFetch("/api/auth/logout", { method: "POST" });
    await api.apiJson("/api/goals");

    const writes = fetchMock.mock.calls.filter(([url]) => url !== "/auth/refresh" && url !== "/api/goals");
    expect(writes.map((call) => headersOf(call).get("X-Client-Id"))).toEqual([clientId, clientId, clientId]);
    expect(writes.map((call) => headersOf(call).get("X-Client-Seq"))).toEqual(["1", "2", "2"]);
    expect(headersOf(callsTo("/api/goals")[0]).has("X-Client-Id")).toBe(false);
  });

  it("sends no CSRF header on GET", async () => {
    document.cookie = "csrfToken=abc; path=/";
    respondWith(() => json([]));

    await api.apiJson("/api/goals");

    expect(headersOf(fetchMock.mock.calls[0]).has("X-CSRF-Token")).toBe(false);
    expect(fetchMock.mock.calls[0]![1].credentials).toBe("include");
  });

  it("takes a GET's answer from the page's HTML until the page writes, then asks the network", async () => {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = "daywise-boot-answers";
    element.textContent = JSON.stringify({
      "/api/goals": { status: 200, body: ["from the page"] },
      "/api/tasks?date=2026-11-25": { status: 200, body: ["from the page"] },
    });
    document.body.append(element);
    respondWith(() => json(["from the network"]));

    await expect(api.apiJson("/api/goals")).resolves.toEqual(["from the page"]);
    await api.apiJson("/api/tasks", { method: "POST", json: { title: "New" } });
    await expect(api.apiJson("/api/tasks?date=2026-11-25")).resolves.toEqual(["from the network"]);
    expect(callsTo("/api/tasks?date=2026-11-25")).toHaveLength(1);
  });

  it("parses JSON and accepts empty bodies", async () => {
    respondWith((url) => (url === "/empty" ? new Response(null, { status: 204 }) : json({ count: 2 })));

    await expect(api.apiJson("/empty", { method: "DELETE" })).resolves.toBeUndefined();
    await expect(api.apiJson("/count")).resolves.toEqual({ count: 2 });
  });

  it("rejects a non-ok answer with `status: body`", async () => {
    respondWith(() => new Response('{"message":"Task not found","code":"not_found"}', { status: 404, statusText: "Not Found" }));

    const error = await api.apiFetch("/api/tasks/9").catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(api.ApiError);
    expect((error as Error).message).toBe('404: {"message":"Task not found","code":"not_found"}');
    expect((error as InstanceType<ApiClient["ApiError"]>).serverMessage).toBe("Task not found");
    expect(api.getErrorMessage(error, "Failed to update task")).toBe("Task not found");
  });

  it("uses the status text when the body is empty", async () => {
    respondWith(() => new Response("", { status: 500, statusText: "Internal Server Error" }));

    await expect(api.apiFetch("/api/goals")).rejects.toThrow(/^500: Internal Server Error$/);
    expect(api.getErrorMessage(new Error("x"), "Failed to fetch goals")).toBe("Failed to fetch goals");
  });
});

describe("401 handling", () => {
  it("makes one shared refresh for three concurrent 401s and repeats each request once", async () => {
    const refresh = deferred<Response>();
    let isSessionFresh = false;
    respondWith((url) => {
      if (url === "/auth/refresh") return refresh.promise;
      return isSessionFresh ? json({ url }) : unauthorized();
    });

    const results = Promise.all(["/api/a", "/api/b", "/api/c"].map((path) => api.apiJson<{ url: string }>(path)));
    await vi.waitFor(() => expect(callsTo("/auth/refresh")).toHaveLength(1));
    // Every 401 has arrived and waits on the one refresh.
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    isSessionFresh = true;
    refresh.resolve(new Response(null, { status: 204 }));

    await expect(results).resolves.toEqual([{ url: "/api/a" }, { url: "/api/b" }, { url: "/api/c" }]);
    expect(callsTo("/auth/refresh")).toHaveLength(1);
    for (const path of ["/api/a", "/api/b", "/api/c"]) expect(callsTo(path)).toHaveLength(2);
    expect(api.browserNavigation.assign).not.toHaveBeenCalled();
  });

  it("sends the CSRF header on the refresh call and the repeated request", async () => {
    document.cookie = "csrfToken=before; path=/";
    respondWith((url) => {
      if (url === "/auth/refresh") {
        document.cookie = "csrfToken=after; path=/";
        return new Response(null, { status: 200 });
      }
      return callsTo(url).length === 1 ? unauthorized() : json({});
    });

    await api.apiJson("/api/tasks/1", { method: "PATCH", json: { status: "done" } });

    expect(headersOf(callsTo("/auth/refresh")[0]).get("X-CSRF-Token")).toBe("before");
    expect(headersOf(callsTo("/api/tasks/1")[1]).get("X-CSRF-Token")).toBe("after");
    expect(callsTo("/api/tasks/1")[1]![1].body).toBe('{"status":"done"}');
  });

  it("repeats the request only once when it is still refused after a refresh", async () => {
    respondWith((url) => (url === "/auth/refresh" ? new Response(null, { status: 200 }) : unauthorized()));

    await expect(api.apiFetch("/api/goals")).rejects.toMatchObject({ status: 401 });

    expect(callsTo("/api/goals")).toHaveLength(2);
    expect(callsTo("/auth/refresh")).toHaveLength(1);
    expect(api.browserNavigation.assign).not.toHaveBeenCalled();
  });

  it("sends the browser to the first configured provider when the refresh fails, and only logs it", async () => {
    respondWith((url) => {
      if (url === "/auth/refresh") return new Response("expired", { status: 401 });
      if (url === "/auth/providers") {
        return json({
          providers: [
            { id: "google", displayName: "Google" },
            { id: "local", displayName: "Local" },
          ],
        });
      }
      return unauthorized();
    });

    const failures = await Promise.allSettled([api.apiFetch("/api/a"), api.apiFetch("/api/b")]);

    expect(failures.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    await vi.waitFor(() => expect(api.browserNavigation.assign).toHaveBeenCalledWith("/auth/google"));
    expect(api.browserNavigation.assign).toHaveBeenCalledTimes(1);
    expect(callsTo("/auth/refresh")).toHaveLength(1);
    expect(callsTo("/api/a")).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith(expect.stringContaining("Session refresh failed"));
  });

  it("leaves a signed-out page to its reload: a query refused meanwhile does not open the sign-in page", async () => {
    vi.spyOn(api.browserNavigation, "reload").mockImplementation(() => {});
    respondWith((url) => (url === "/auth/providers" ? json({ providers: [{ id: "local", displayName: "Local" }] }) : unauthorized()));
    api.startBackgroundRefresh();

    api.reloadSignedOut();
    await expect(api.apiFetch("/api/tasks")).rejects.toMatchObject({ status: 401 });

    expect(api.browserNavigation.reload).toHaveBeenCalledTimes(1);
    expect(api.isBackgroundRefreshRunning()).toBe(false);
    expect(callsTo("/auth/providers")).toHaveLength(0);
    expect(api.browserNavigation.assign).not.toHaveBeenCalled();
  });

  it("prefers the provider used last, and falls back to /auth/local when providers are unknown", async () => {
    api.rememberSignInProvider("oidc");
    respondWith((url) =>
      url === "/auth/providers"
        ? json({
            providers: [
              { id: "google", displayName: "Google" },
              { id: "oidc", displayName: "Acme" },
            ],
          })
        : new Response(null, { status: 500 }),
    );
    await expect(api.resolveSignInPath()).resolves.toBe("/auth/oidc");

    respondWith(() => new Response(null, { status: 404 }));
    await expect(api.resolveSignInPath()).resolves.toBe("/auth/local");

    respondWith(() => Promise.reject(new TypeError("Failed to fetch")));
    await expect(api.resolveSignInPath()).resolves.toBe("/auth/local");
  });

  it("brings the user back to the page they were on", async () => {
    respondWith(() => json({ providers: [{ id: "local", displayName: "Local account" }] }));

    await expect(api.resolveSignInPath("/goals?view=all")).resolves.toBe("/auth/local?returnTo=%2Fgoals%3Fview%3Dall");
    await expect(api.resolveSignInPath("/")).resolves.toBe("/auth/local");
    expect(signInPath("google", "/settings")).toBe("/auth/google?returnTo=%2Fsettings");
  });

  it("answers a 401 directly when refreshOn401 is false", async () => {
    respondWith(() => unauthorized());

    await expect(api.apiFetch("/api/user", { refreshOn401: false })).rejects.toMatchObject({ status: 401 });

    expect(callsTo("/auth/refresh")).toHaveLength(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("logs a refresh that cannot reach the server and reports false", async () => {
    respondWith(() => Promise.reject(new TypeError("Failed to fetch")));

    await expect(api.refreshSession()).resolves.toBe(false);
    expect(console.warn).toHaveBeenCalledWith("Session refresh failed", expect.any(TypeError));
    expect(api.isRefreshingSession()).toBe(false);
  });
});

describe("background refresh", () => {
  const interval = 45 * 60 * 1000;

  it("refreshes every 45 minutes, starts once and skips while a refresh is running", async () => {
    vi.useFakeTimers();
    const first = deferred<Response>();
    respondWith(() => (callsTo("/auth/refresh").length === 1 ? first.promise : new Response(null, { status: 200 })));

    api.startBackgroundRefresh();
    api.startBackgroundRefresh();
    expect(api.BACKGROUND_REFRESH_INTERVAL_MS).toBe(interval);

    await vi.advanceTimersByTimeAsync(interval - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(callsTo("/auth/refresh")).toHaveLength(1);

    // The first refresh still runs: the next tick is skipped.
    await vi.advanceTimersByTimeAsync(interval);
    expect(callsTo("/auth/refresh")).toHaveLength(1);

    first.resolve(new Response(null, { status: 200 }));
    await vi.advanceTimersByTimeAsync(interval);
    expect(callsTo("/auth/refresh")).toHaveLength(2);
  });

  it("stops at logout and can start again", async () => {
    vi.useFakeTimers();
    respondWith(() => new Response(null, { status: 200 }));

    api.startBackgroundRefresh();
    expect(api.isBackgroundRefreshRunning()).toBe(true);
    api.stopBackgroundRefresh();
    expect(api.isBackgroundRefreshRunning()).toBe(false);
    await vi.advanceTimersByTimeAsync(interval * 2);
    expect(fetchMock).not.toHaveBeenCalled();

    api.startBackgroundRefresh();
    await vi.advanceTimersByTimeAsync(interval);
    expect(callsTo("/auth/refresh")).toHaveLength(1);
  });

  it("only logs a failed background refresh", async () => {
    vi.useFakeTimers();
    respondWith(() => new Response(null, { status: 401, statusText: "Unauthorized" }));

    api.startBackgroundRefresh();
    await vi.advanceTimersByTimeAsync(interval);

    expect(callsTo("/auth/refresh")).toHaveLength(1);
    expect(console.warn).toHaveBeenCalledWith("Session refresh failed: 401 Unauthorized");
    expect(api.browserNavigation.assign).not.toHaveBeenCalled();
  });
});
