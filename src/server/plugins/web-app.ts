import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import fastifyCompress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import {
  BOOT_ANSWERS_ELEMENT_ID,
  BOOT_PROVIDERS_PATH,
  BOOT_USER_PATH,
  type BootAnswers,
  SIGNED_OUT_BOOT_PATHS,
  serializeBootAnswers,
  signedInBootPaths,
} from "../../shared/boot-answers.ts";
import type { AuthProvidersResponse, User } from "../../shared/api/user.ts";
import { FIRST_SCREENS_FILE, type FirstScreens, WELCOME_ROOT_ATTRIBUTE, welcomeScreenHtml } from "../../shared/first-screens.ts";
import { PAGE_FILES_ELEMENT_ID, type PageFiles } from "../../shared/page-files.ts";
import { clientRoutes } from "../../shared/routes.ts";
import { CSRF_COOKIE } from "../modules/auth/session-tokens.ts";
import { readBuildChunks } from "./build-manifest.ts";

/**
 * The app's module, which index.html's entry (src/web/boot.ts) imports once the page's HTML has
 * been painted: every page preloads it and its imports.
 */
export const APP_MODULE = "main.tsx";

/** The source modules of each signed-in page's first render (src/web/app/page-loaders.ts). */
export const pageModules: Record<string, string[]> = {
  "/": [APP_MODULE, "app/routed-content.tsx", "app/pages/today-page.tsx"],
  "/ai-chat": [APP_MODULE, "app/routed-content.tsx", "app/pages/today-page.tsx"],
  "/goals": [APP_MODULE, "app/routed-content.tsx", "app/pages/goals-page.tsx"],
  "/insights": [APP_MODULE, "app/routed-content.tsx", "app/pages/insights-page.tsx"],
  "/settings": [APP_MODULE, "app/routed-content.tsx", "app/pages/settings-page.tsx"],
};

/**
 * `<link rel="modulepreload">` tags for each page's chunks and the chunks they import, from the
 * build's manifest, leaving out what index.html already loads; so a phone fetches the page's code
 * with the app's, not after it has run. A page the app renders for no signed-in user preloads the
 * app module's (not the welcome screen, which the HTML holds: see firstScreen below). Each
 * signed-in page also lists the other pages' chunks (`PAGE_FILES_ELEMENT_ID`), which the web app
 * preloads without running them once it is idle (src/web/app/page-loaders.ts). Empty without a
 * manifest (the page loads its code itself).
 */
function readPagePreloads(root: string): { pages: Map<string, string>; signedOut: string } {
  const preloads = new Map<string, string>();
  const chunks = readBuildChunks(root);
  if (!chunks) return { pages: preloads, signedOut: "" };
  const initial = new Set(chunks.closure(["index.html"]));
  const files = (modules: readonly string[]) => chunks.closure(modules).filter((file) => !initial.has(file));
  // At low priority, as index.html's own (vite.config.ts: the first paint waits for none of them).
  const links = (list: readonly string[]) =>
    list.map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`).join("");
  const pageFiles = new Map(Object.entries(pageModules).map(([route, modules]) => [route, files(modules)]));
  for (const [route, own] of pageFiles) {
    const others: PageFiles = {};
    for (const [otherRoute, list] of pageFiles) {
      // /ai-chat is the board with the assistant open (the web app redirects it to /).
      if (otherRoute === route || otherRoute === "/ai-chat") continue;
      const rest = list.filter((file) => !own.includes(file));
      if (rest.length > 0) others[otherRoute] = rest.map((file) => `/${file}`);
    }
    const element = `<script type="application/json" id="${PAGE_FILES_ELEMENT_ID}">${JSON.stringify(others)}</script>`;
    preloads.set(route, links(own) + element);
  }
  return { pages: preloads, signedOut: links(files([APP_MODULE])) };
}

/**
 * index.html with its stylesheet's link replaced by the stylesheet itself (decision 013). A linked
 * stylesheet blocks the first paint until it arrives, and on a phone's slow network it arrives
 * sharing the line with the app's scripts, which index.html asks for at the same moment: the
 * loading screen in the HTML waited for ~1 s of script downloads. Inline, the page paints as soon as
 * its HTML is in. The CSP allows inline styles already (plugins/security.ts). The 404 page keeps
 * the link (sendIndex sends index.html as built).
 */
export function inlineStylesheet(html: string, root: string): string {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]* href="\/(assets\/[^"]+\.css)">/gu)];
  if (links.length !== 1) return html;
  const [link, file] = links[0]!;
  const cssFile = path.join(root, file!);
  if (!existsSync(cssFile)) return html;
  const css = readFileSync(cssFile, "utf8");
  // Never the case for Tailwind's output; a stylesheet that could close the tag stays linked.
  if (/<\/style/iu.test(css)) return html;
  return html.replace(link, () => `<style>${css}</style>`);
}

/**
 * Serves the built web app (dist/web) with history fallback for the client routes. Unknown /api
 * paths stay JSON 404s; other unknown paths get the app with status 404 so it can say so.
 */
export const webAppPlugin = fp<{ root: string }>(async function webApp(app: FastifyInstance, { root }) {
  const hasWebApp = existsSync(path.join(root, "index.html"));
  const notFoundBody = (method: string, pathname: string) => ({
    message: `Route ${method} ${pathname} not found`,
    code: "not_found",
  });
  if (!hasWebApp) {
    app.log.info({ root }, "no built web app: API only (run `npm run build`, or `npm run dev` for development)");
    app.setNotFoundHandler((request, reply) => {
      reply.status(404).send(notFoundBody(request.method, request.url.split("?")[0] ?? ""));
    });
    return;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    // The build writes .br and .gz copies beside each asset (vite.config.ts).
    preCompressed: true,
    // Cache-Control is ours (below): @fastify/send's own "public, max-age=0" would replace it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(root, "assets") + path.sep);
      res.setHeader("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const sendIndex = (reply: FastifyReply, status = 200) => reply.status(status).header("Cache-Control", "no-cache").sendFile("index.html");

  // The client routes' HTML carries the answers to the page's first calls, and preloads the
  // signed-in page's code (decision 013).
  await app.register(fastifyCompress, { global: false });
  const indexHtml = readFileSync(path.join(root, "index.html"), "utf8");
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes("</body>") || !indexHtml.includes("</head>") || !indexHtml.includes(emptyRoot)) {
    throw new Error(`${path.join(root, "index.html")} has no </head>, </body> or ${emptyRoot}`);
  }
  const firstScreens = JSON.parse(readFileSync(path.join(root, FIRST_SCREENS_FILE), "utf8")) as FirstScreens;
  const pagePreloads = readPagePreloads(root);
  const appHtml = inlineStylesheet(indexHtml, root);

  /** One of the app's own GET routes, as the page's browser would call it a moment later. */
  const answer = async (request: FastifyRequest, url: string) => {
    const response = await app.inject({
      method: "GET",
      url,
      remoteAddress: request.ip,
      headers: { accept: "application/json", cookie: request.headers.cookie ?? "", "user-agent": request.headers["user-agent"] ?? "" },
    });
    return { status: response.statusCode, body: response.body };
  };

  const bootAnswers = async (request: FastifyRequest): Promise<BootAnswers> => {
    const answers: BootAnswers = {};
    const keep = (url: string, response: { status: number; body: string }) => {
      // Only settled answers: anything else (an outage, a 5xx) is left for the page to ask again.
      if (response.status === 200 || (url === BOOT_USER_PATH && response.status === 401)) {
        answers[url] = { status: response.status, body: JSON.parse(response.body) as unknown };
      }
    };
    const userResponse = await answer(request, BOOT_USER_PATH);
    keep(BOOT_USER_PATH, userResponse);
    let urls: readonly string[] = [];
    if (userResponse.status === 401) {
      urls = SIGNED_OUT_BOOT_PATHS;
    } else if (userResponse.status === 200) {
      const user = JSON.parse(userResponse.body) as User;
      const { pathname, searchParams } = new URL(request.url, "http://localhost");
      urls = signedInBootPaths(pathname, searchParams, user.timeZone, app.now());
    }
    const responses = await Promise.all(urls.map((url) => answer(request, url)));
    urls.forEach((url, index) => keep(url, responses[index]!));
    return answers;
  };

  /**
   * What the page paints from its HTML, before any script, as the app's first render will show it:
   * a signed-in page the loading screen, and so does a visitor whose access cookie has expired but
   * who still has a session to refresh (the CSRF cookie lives as long as it: decision 004, the app
   * refreshes silently); any other visitor the welcome screen with its sign-in buttons, marked so
   * that the app takes it over as it is (main.tsx). Nothing when the answers are missing: the app
   * renders the page itself. With what goes in <head>: the signed-in page's chunks, or the app
   * module's when the app has to render the first screen; none under the welcome screen, which
   * works as it is (its buttons are links) and whose paint the app's scripts would only share the
   * line with: the entry imports the app once the screen has been painted (src/web/boot.ts).
   */
  const firstScreen = (request: FastifyRequest, answers: BootAnswers): { root: string; preloads: string } => {
    const user = answers[BOOT_USER_PATH];
    const loading = `<div id="root">${firstScreens.loading}</div>`;
    if (user?.status === 200)
      return { root: loading, preloads: pagePreloads.pages.get(request.routeOptions.url ?? "") ?? pagePreloads.signedOut };
    if (user?.status === 401 && request.cookies[CSRF_COOKIE]) return { root: loading, preloads: pagePreloads.signedOut };
    const providers = answers[BOOT_PROVIDERS_PATH];
    if (user?.status !== 401 || providers?.status !== 200) return { root: emptyRoot, preloads: pagePreloads.signedOut };
    const welcome = welcomeScreenHtml(firstScreens, (providers.body as AuthProvidersResponse).providers, request.url);
    // And no paint before the parser has passed it (up to the answers, after #root): a phone painted
    // it half parsed now and then, and its centred layout moved up when the rest arrived (a layout
    // shift of 0.09-0.15, in 1 of 3 Lighthouse runs).
    const renderAfterRoot = `<link rel="expect" href="#${BOOT_ANSWERS_ELEMENT_ID}" blocking="render">`;
    return { root: `<div id="root" ${WELCOME_ROOT_ATTRIBUTE}>${welcome}</div>`, preloads: renderAfterRoot };
  };

  const sendApp = async (request: FastifyRequest, reply: FastifyReply) => {
    let answers: BootAnswers = {};
    try {
      answers = await bootAnswers(request);
    } catch (error) {
      // The page still works without them: it asks for everything itself.
      request.log.warn({ err: error }, "could not build the page's boot answers");
    }
    const element = `<script type="application/json" id="${BOOT_ANSWERS_ELEMENT_ID}">${serializeBootAnswers(answers)}</script>`;
    const { root, preloads } = firstScreen(request, answers);
    const html = appHtml.replace("</head>", `${preloads}</head>`).replace(emptyRoot, root).replace("</body>", `${element}\n  </body>`);
    // The HTML holds the user's own data now: kept by no shared cache, and always revalidated.
    return reply.header("Cache-Control", "private, no-cache").type("text/html; charset=utf-8").compress(html);
  };

  for (const route of clientRoutes) {
    app.get(route, sendApp);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "";
    const wantsHtml = request.method === "GET" && (request.headers.accept ?? "").includes("text/html");
    if (wantsHtml && !pathname.startsWith("/api/") && !pathname.startsWith("/auth/")) {
      return sendIndex(reply, 404);
    }
    return reply.status(404).send(notFoundBody(request.method, pathname));
  });
});
