// Written by hand, nothing fetched at run time; the build writes the two constants below (vite.config.ts).
// /api is never cached; /auth drops every kept page first so that signing out leaves no board behind.
const BUILD_ID = "unbuilt";
const PRECACHE_URLS = [];

const ASSETS_CACHE_PREFIX = "daywise-assets-";
const ASSETS_CACHE = ASSETS_CACHE_PREFIX + BUILD_ID;
const PAGES_CACHE = "daywise-pages";
const MAX_KEPT_PAGES = 10;
const KEPT_AT_HEADER = "x-daywise-kept-at";
const KEPT_MARKER = '<meta name="daywise-kept-page" content="';
const APP_PAGE_MARKER = 'id="daywise-boot-answers"';
const PASS_THROUGH = ["/api/", "/auth/", "/oidc/", "/healthz", "/readyz"];

const precached = new Set(PRECACHE_URLS);

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(ASSETS_CACHE);
      // Hashed files may come from the HTTP cache; the others are revalidated.
      await cache.addAll(PRECACHE_URLS.map((url) => new Request(url, { cache: url.startsWith("/assets/") ? "default" : "no-cache" })));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names.filter((name) => name.startsWith(ASSETS_CACHE_PREFIX) && name !== ASSETS_CACHE).map((name) => caches.delete(name)),
      );
      await dropPagesOfOtherBuilds();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener("fetch", (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const { pathname } = url;
  if (pathname.startsWith("/auth/") && pathname !== "/auth/refresh") {
    // Signing out or in: no page kept for the previous session may be shown again.
    event.waitUntil(forgetPages());
    return;
  }
  if (request.method !== "GET" || PASS_THROUGH.some((prefix) => pathname.startsWith(prefix))) return;
  if (request.mode === "navigate") {
    event.respondWith(servePage(event));
    return;
  }
  if (precached.has(pathname) || pathname.startsWith("/assets/")) {
    event.respondWith(serveBuildFile(request));
  }
});

/** Keeping a page waits for it, so that a kept page is never undone by a deletion. */
let forgetting = Promise.resolve();

function forgetPages() {
  forgetting = forgetting
    .then(() => caches.delete(PAGES_CACHE))
    .then(
      () => undefined,
      () => undefined,
    );
  return forgetting;
}

function pageKey(url) {
  const { pathname, search } = new URL(url);
  return new URL(pathname + search, self.location.origin).href;
}

async function servePage(event) {
  const { request } = event;
  try {
    const response = await fetch(request);
    if (response.ok && (response.headers.get("content-type") || "").startsWith("text/html")) {
      event.waitUntil(keepPage(request.url, response.clone()));
    }
    return response;
  } catch (error) {
    const kept = await keptPage(request.url);
    if (kept) return kept;
    throw error;
  }
}

async function keepPage(url, response) {
  const html = await response.text();
  if (!html.includes(APP_PAGE_MARKER)) return;
  await forgetting;
  const headers = plainHeaders(response.headers);
  headers.set(KEPT_AT_HEADER, new Date().toISOString());
  const cache = await caches.open(PAGES_CACHE);
  await cache.put(pageKey(url), new Response(html, { status: 200, headers }));
  const keys = await cache.keys();
  for (const old of keys.slice(0, Math.max(0, keys.length - MAX_KEPT_PAGES))) await cache.delete(old);
}

/** Else the most recently kept page: the app routes on the client. */
async function keptPage(url) {
  const cache = await caches.open(PAGES_CACHE);
  let response = await cache.match(pageKey(url));
  if (!response) {
    let newest = "";
    for (const candidate of await cache.matchAll()) {
      const keptAt = candidate.headers.get(KEPT_AT_HEADER) || "";
      if (keptAt > newest) {
        newest = keptAt;
        response = candidate;
      }
    }
  }
  if (!response) return undefined;
  const keptAt = response.headers.get(KEPT_AT_HEADER) || "";
  const text = await response.text();
  // The board's day, so that on a later day the copy shows that day rather than asking the network for today's.
  const day = /"\/api\/tasks\?date=(\d{4}-\d{2}-\d{2})":\{/.exec(text)?.[1];
  const html = text.replace("<head>", `<head>${KEPT_MARKER}${keptAt}"${day ? ` data-day="${day}"` : ""}>`);
  return new Response(html, { status: 200, headers: plainHeaders(response.headers) });
}

function plainHeaders(original) {
  const headers = new Headers(original);
  for (const name of ["content-encoding", "content-length", "vary"]) headers.delete(name);
  return headers;
}

/** After an update: a kept page that loads files this build does not have could not start offline. */
async function dropPagesOfOtherBuilds() {
  if (PRECACHE_URLS.length === 0) return;
  const cache = await caches.open(PAGES_CACHE);
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    const html = response ? await response.text() : "";
    const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
    if (files.some((file) => !precached.has(file))) await cache.delete(request);
  }
}

async function serveBuildFile(request) {
  const cache = await caches.open(ASSETS_CACHE);
  const cached = await cache.match(request, { ignoreSearch: true, ignoreVary: true });
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && new URL(request.url).pathname.startsWith("/assets/")) {
    await cache.put(request, response.clone());
  }
  return response;
}

// Web Push (decision 058): the server sends only what the notification shows and the page to open.
self.addEventListener("push", (event) => {
  event.waitUntil(showPush(event.data));
});

async function showPush(data) {
  let message = {};
  try {
    message = data ? data.json() : {};
  } catch {
    message = { body: data ? data.text() : "" };
  }
  const url = typeof message.url === "string" && message.url.startsWith("/") ? message.url : "/";
  await self.registration.showNotification(message.title || "Daywise", {
    body: message.body || "",
    tag: message.tag || undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url },
  });
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  event.waitUntil(openApp((event.notification.data && event.notification.data.url) || "/"));
});

/** An open Daywise window is focused and sent to the page; else a new one opens there. */
async function openApp(path) {
  const target = new URL(path, self.location.origin).href;
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    try {
      const focused = await open.focus();
      await (focused || open).navigate(target);
      return;
    } catch {
      // A window this worker does not control cannot be navigated: a new one opens instead.
    }
  }
  await self.clients.openWindow(target);
}
