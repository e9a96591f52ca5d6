import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOT_ANSWERS_ELEMENT_ID, type BootAnswers } from "../../shared/boot-answers.ts";
import { type App, buildApp } from "../app.ts";
import { signInTestUser } from "../test/sign-in.ts";
import type { AuthProvidersResponse } from "../../shared/api/user.ts";
import { FIRST_SCREENS_FILE, type FirstScreens, SIGN_IN_HREF, SIGN_IN_LABEL, welcomeScreenHtml } from "../../shared/first-screens.ts";
import { PAGE_FILES_ELEMENT_ID, type PageFiles } from "../../shared/page-files.ts";
import { createTestDatabase, describeEachDatabase, testConfig } from "../test/test-app.ts";

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Daywise</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-abc.js">
    <link rel="stylesheet" crossorigin href="/assets/web-abc.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

// Shaped like the build's (src/web/app/first-screens.tsx).
const FIRST_SCREENS: FirstScreens = {
  loading: '<p role="status">Loading...</p>',
  welcome: {
    none: "<main>No sign-in method</main>",
    before: "<main><ul>",
    after: "</ul></main>",
    first: `<li><a class="primary" href="${SIGN_IN_HREF}">${SIGN_IN_LABEL}</a></li>`,
    other: `<li><a href="${SIGN_IN_HREF}">${SIGN_IN_LABEL}</a></li>`,
  },
};

/** A built web app's folder with index.html and the first screens. */
function makeWebRoot(): string {
  const webRoot = mkdtempSync(path.join(os.tmpdir(), "daywise-web-app-test-"));
  writeFileSync(path.join(webRoot, "index.html"), INDEX_HTML);
  mkdirSync(path.join(webRoot, path.dirname(FIRST_SCREENS_FILE)));
  writeFileSync(path.join(webRoot, FIRST_SCREENS_FILE), JSON.stringify(FIRST_SCREENS));
  return webRoot;
}

// A build manifest shaped like Vite's: the entry, the app module it imports, two pages and the
// chunks they share.
const MANIFEST = {
  "index.html": { file: "assets/index-abc.js", imports: ["_vendor-abc.js"] },
  "main.tsx": { file: "assets/main-abc.js", imports: ["_vendor-abc.js"] },
  "_vendor-abc.js": { file: "assets/vendor-abc.js" },
  "app/routed-content.tsx": { file: "assets/routed-content-abc.js", imports: ["_vendor-abc.js"] },
  "app/pages/today-page.tsx": { file: "assets/today-page-abc.js", imports: ["_vendor-abc.js", "_tasks-abc.js", "index.html"] },
  "app/pages/goals-page.tsx": { file: "assets/goals-page-abc.js", imports: ["_tasks-abc.js"] },
  "_tasks-abc.js": { file: "assets/tasks-abc.js", imports: ["_vendor-abc.js"] },
};

const STYLESHEET = ".text-primary{color:#4f46e5}\n";

function answersIn(html: string): BootAnswers {
  const match = new RegExp(`<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">(.*?)</script>`, "s").exec(html);
  if (!match) throw new Error("the page has no boot answers");
  return JSON.parse(match[1]!) as BootAnswers;
}

/** The other pages' files the page lists for the web app to preload when idle. */
function pageFilesIn(html: string): PageFiles | undefined {
  const match = new RegExp(`<script type="application/json" id="${PAGE_FILES_ELEMENT_ID}">(.*?)</script>`, "s").exec(html);
  return match ? (JSON.parse(match[1]!) as PageFiles) : undefined;
}

function preloadsIn(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="([^"]+)">/g)].map((match) => match[1]!);
}

describeEachDatabase("the app's HTML answers the page's first calls (decision 013)", (dialect) => {
  let app: App;
  let webRoot: string;
  let closeDatabase: () => Promise<void>;
  const now = new Date("2026-11-24T10:00:00Z");

  beforeAll(async () => {
    webRoot = makeWebRoot();
    writeFileSync(path.join(webRoot, ".vite", "manifest.json"), JSON.stringify(MANIFEST));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "assets", "web-abc.css"), STYLESHEET);
    const { db } = await createTestDatabase(dialect);
    closeDatabase = db.close;
    app = await buildApp(testConfig(), { db, logger: false, now: () => now, webRoot });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await closeDatabase();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("gives a signed-out visitor the user call's 401 and the sign-in providers, and no page code", async () => {
    const response = await app.inject({ url: "/", headers: { accept: "text/html" } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    const answers = answersIn(response.body);
    expect(Object.keys(answers).sort()).toEqual(["/api/user", "/auth/providers"]);
    expect(answers["/api/user"]!.status).toBe(401);
    expect(answers["/auth/providers"]).toMatchObject({ status: 200, body: { providers: expect.any(Array) } });
    // Only index.html's own: the welcome screen below works as it is, and the entry imports the app
    // once it has been painted (src/web/boot.ts).
    expect(preloadsIn(response.body)).toEqual(["/assets/vendor-abc.js"]);
    expect(pageFilesIn(response.body)).toBeUndefined();
    // A visitor's first paint is the welcome screen with its sign-in buttons, from the HTML, as the
    // app's first render shows it: never the loading screen.
    const providers = (answers["/auth/providers"]!.body as AuthProvidersResponse).providers;
    expect(providers.length).toBeGreaterThan(0);
    expect(response.body).toContain(`<div id="root" data-first-screen="welcome">${welcomeScreenHtml(FIRST_SCREENS, providers, "/")}</div>`);
    expect(response.body).toContain(`<li><a class="primary" href="/auth/${providers[0]!.id}">`);
    expect(response.body).not.toContain(FIRST_SCREENS.loading);
    // Painted whole, never half parsed: rendering waits for the parser to pass the answers after it.
    expect(response.body).toContain(`<link rel="expect" href="#${BOOT_ANSWERS_ELEMENT_ID}" blocking="render">`);
    expect(response.body.indexOf('id="root"')).toBeLessThan(response.body.indexOf(`id="${BOOT_ANSWERS_ELEMENT_ID}"`));
    // The stylesheet is in the HTML, so nothing else blocks the first paint.
    expect(response.body).toContain(`<style>${STYLESHEET}</style>`);
    expect(response.body).not.toContain('rel="stylesheet"');
  });

  it("paints the welcome screen's buttons coming back to the page opened, and the loading screen to a visitor who can still refresh", async () => {
    const goals = await app.inject({ url: "/goals?tab=paused", headers: { accept: "text/html" } });
    const providers = (answersIn(goals.body)["/auth/providers"]!.body as AuthProvidersResponse).providers;
    expect(goals.body).toContain(
      `<div id="root" data-first-screen="welcome">${welcomeScreenHtml(FIRST_SCREENS, providers, "/goals?tab=paused")}</div>`,
    );
    expect(goals.body).toContain("?returnTo=%2Fgoals%3Ftab%3Dpaused");

    // The access cookie has gone but the CSRF cookie, which lives as long as the session, has not:
    // the app refreshes silently (decision 004), so the page shows the loading screen meanwhile.
    const returning = await app.inject({ url: "/", headers: { accept: "text/html", cookie: "csrfToken=abc.def" } });
    expect(answersIn(returning.body)["/api/user"]!.status).toBe(401);
    expect(returning.body).toContain(`<div id="root">${FIRST_SCREENS.loading}</div>`);
    // The app renders that visitor's first screen: its module is preloaded.
    expect(preloadsIn(returning.body)).toEqual(["/assets/vendor-abc.js", "/assets/main-abc.js"]);
  });

  it("gives a signed-in user the board's calls for their today, in their zone, and preloads the page's chunks", async () => {
    const user = await signInTestUser(app, { name: "Ada", timeZone: "Pacific/Kiritimati" });
    const created = await app.inject({
      method: "POST",
      url: "/api/tasks",
      headers: user.mutatingHeaders,
      payload: { title: "Write the </script> report", date: "2026-11-25" },
    });
    expect(created.statusCode).toBe(201);

    const response = await app.inject({ url: "/", headers: { ...user.headers, accept: "text/html" } });
    expect(response.headers["cache-control"]).toBe("private, no-cache");
    // In Kiritimati (UTC+14) it is already the 25th.
    const answers = answersIn(response.body);
    expect(Object.keys(answers).sort()).toEqual(
      [
        "/api/user",
        "/api/tasks?date=2026-11-25",
        "/api/tasks/stats?date=2026-11-25",
        "/api/tasks/stalled",
        "/api/goals",
        "/api/weekly-summaries?limit=1",
        "/api/ai/insights?date=2026-11-25",
      ].sort(),
    );
    expect(answers["/api/user"]).toMatchObject({ status: 200, body: { name: "Ada" } });
    // Each answer is the route's own: the same as asking for it.
    for (const [url, answer] of Object.entries(answers)) {
      const direct = await app.inject({ url, headers: user.headers });
      // With the version it was read at, where the page's change stream starts (decision 038).
      expect(answer, url).toEqual({ status: direct.statusCode, body: direct.json(), version: Number(direct.headers["x-data-version"]) });
    }
    expect(JSON.stringify(answers["/api/tasks?date=2026-11-25"]!.body)).toContain("Write the </script> report");
    // The title cannot end the element early: its "<" is escaped in the HTML.
    expect(response.body).not.toContain("Write the </script>");
    // The page's chunks after index.html's own, none twice, none the entry already loads.
    expect(preloadsIn(response.body)).toEqual([
      "/assets/vendor-abc.js",
      "/assets/main-abc.js",
      "/assets/routed-content-abc.js",
      "/assets/today-page-abc.js",
      "/assets/tasks-abc.js",
    ]);
    // At low priority: the first paint (the loading screen below) waits for none of them.
    expect(response.body).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/today-page-abc.js">');
    // The other pages' chunks, without the board's own, for the web app to preload when idle.
    expect(pageFilesIn(response.body)).toEqual({ "/goals": ["/assets/goals-page-abc.js"] });
    // The loading screen is painted from the HTML, before any script.
    expect(response.body).toContain(`<div id="root">${FIRST_SCREENS.loading}</div>`);
  });

  it("answers the day a board address asks for, and each page's own first calls", async () => {
    const user = await signInTestUser(app, { timeZone: "Europe/Paris" });
    const board = answersIn((await app.inject({ url: "/?date=2026-12-01", headers: user.headers })).body);
    expect(board).toHaveProperty(["/api/tasks?date=2026-12-01"]);
    const badDate = answersIn((await app.inject({ url: "/?date=2026-02-30", headers: user.headers })).body);
    expect(badDate).toHaveProperty(["/api/tasks?date=2026-11-24"]);

    const goals = await app.inject({ url: "/goals", headers: user.headers });
    expect(Object.keys(answersIn(goals.body)).sort()).toEqual(["/api/goals", "/api/tasks/stalled", "/api/user"]);
    expect(preloadsIn(goals.body)).toEqual(expect.arrayContaining(["/assets/goals-page-abc.js", "/assets/tasks-abc.js"]));
    expect(preloadsIn(goals.body)).not.toContain("/assets/today-page-abc.js");
    expect(pageFilesIn(goals.body)).toEqual({ "/": ["/assets/today-page-abc.js"] });
    expect(Object.keys(answersIn((await app.inject({ url: "/insights", headers: user.headers })).body))).toContain(
      "/api/weekly-summaries?limit=4",
    );
    expect(Object.keys(answersIn((await app.inject({ url: "/settings", headers: user.headers })).body))).toContain("/api/ai/providers");
  });

  it("never answers with another user's data: each page is built from its own request's cookies", async () => {
    const ada = await signInTestUser(app, { name: "Ada" });
    const bob = await signInTestUser(app, { name: "Bob" });
    await app.inject({ method: "POST", url: "/api/goals", headers: ada.mutatingHeaders, payload: { title: "Ada's secret goal" } });
    const [forAda, forBob] = await Promise.all([
      app.inject({ url: "/goals", headers: ada.headers }),
      app.inject({ url: "/goals", headers: bob.headers }),
    ]);
    expect(forAda.body).toContain("Ada's secret goal");
    expect(forBob.body).not.toContain("Ada's secret goal");
    expect(answersIn(forBob.body)["/api/user"]).toMatchObject({ body: { name: "Bob" } });
  });

  it("sends the HTML compressed to a browser that accepts it", async () => {
    const user = await signInTestUser(app);
    const response = await app.inject({ url: "/", headers: { ...user.headers, "accept-encoding": "br, gzip" } });
    expect(response.headers["content-encoding"]).toBe("br");
    const html = brotliDecompressSync(response.rawPayload).toString("utf8");
    expect(answersIn(html)["/api/user"]!.status).toBe(200);
  });
});

describe("the app's HTML when a call fails", () => {
  it("leaves a failed call out (the page asks for it again), and still serves the page", async () => {
    const webRoot = makeWebRoot();
    const { db } = await createTestDatabase("sqlite");
    const app = await buildApp(testConfig(), { db, logger: false, webRoot });
    let failing = "/api/tasks/stalled";
    app.addHook("onRequest", async (request) => {
      if (request.url === failing) throw new Error("the stalled tasks are unavailable");
    });
    await app.ready();
    const user = await signInTestUser(app);

    const partial = await app.inject({ url: "/goals", headers: user.headers });
    expect(partial.statusCode).toBe(200);
    expect(Object.keys(answersIn(partial.body)).sort()).toEqual(["/api/goals", "/api/user"]);

    failing = "/api/user";
    const none = await app.inject({ url: "/goals", headers: user.headers });
    expect(none.statusCode).toBe(200);
    expect(answersIn(none.body)).toEqual({});
    // Without a build manifest, the page loads its code itself.
    expect(preloadsIn(none.body)).toEqual(["/assets/vendor-abc.js"]);
    await app.close();
    await db.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
});

describe("the installable app's files (decision 018)", () => {
  it("serves the service worker unversioned at the root, the manifest as one, and hashed files for a year", async () => {
    const webRoot = makeWebRoot();
    writeFileSync(path.join(webRoot, "sw.js"), 'const BUILD_ID = "test";\n');
    writeFileSync(path.join(webRoot, "manifest.webmanifest"), JSON.stringify({ name: "Daywise", start_url: "/" }));
    mkdirSync(path.join(webRoot, "assets"));
    writeFileSync(path.join(webRoot, "assets", "index-abc.js"), "export {};\n");
    const { db } = await createTestDatabase("sqlite");
    const app = await buildApp(testConfig(), { db, logger: false, webRoot });
    await app.ready();

    const worker = await app.inject("/sw.js");
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["content-type"]).toMatch(/^(application|text)\/javascript/);
    // Every load asks whether the worker changed, so a new build is picked up on the next load.
    expect(worker.headers["cache-control"]).toBe("no-cache");
    // Its scope is the folder it is served from, the whole app: no widening header needed.
    expect(worker.headers["service-worker-allowed"]).toBeUndefined();
    expect(String(worker.headers["content-security-policy"])).toContain("worker-src 'self'");

    const manifest = await app.inject("/manifest.webmanifest");
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers["cache-control"]).toBe("no-cache");

    const asset = await app.inject("/assets/index-abc.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    await app.close();
    await db.close();
    rmSync(webRoot, { recursive: true, force: true });
  });
});
