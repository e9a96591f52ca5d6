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
import { DATA_VERSION_HEADER } from "../../shared/api/live-events.ts";
import type { AuthProvidersResponse, User } from "../../shared/api/user.ts";
import { FIRST_SCREENS_FILE, type FirstScreens, WELCOME_ROOT_ATTRIBUTE, welcomeScreenHtml } from "../../shared/first-screens.ts";
import { PAGE_FILES_ELEMENT_ID, type PageFiles } from "../../shared/page-files.ts";
import { clientRoutes } from "../../shared/routes.ts";
import { CSRF_COOKIE } from "../modules/auth/session-tokens.ts";
import { readBuildChunks } from "./build-manifest.ts";

/** Every page preloads it: index.html's entry (src/web/boot.ts) imports it once the HTML has painted. */
export const APP_MODULE = "main.tsx";

/** Each signed-in page's first render, as src/web/app/page-loaders.ts loads it. */
export const pageModules: Record<string, string[]> = {
  "/": [APP_MODULE, "app/routed-content.tsx", "app/pages/today-page.tsx"],
  "/ai-chat": [APP_MODULE, "app/routed-content.tsx", "app/pages/today-page.tsx"],
  "/goals": [APP_MODULE, "app/routed-content.tsx", "app/pages/goals-page.tsx"],
  "/insights": [APP_MODULE, "app/routed-content.tsx", "app/pages/insights-page.tsx"],
  "/settings": [APP_MODULE, "app/routed-content.tsx", "app/pages/settings-page.tsx"],
};

/** So a phone fetches the page's code with the app's, not after the app has run (decision 013). */
function readPagePreloads(root: string): { pages: Map<string, string>; signedOut: string } {
  const preloads = new Map<string, string>();
  const chunks = readBuildChunks(root);
  if (!chunks) return { pages: preloads, signedOut: "" };
  const initial = new Set(chunks.closure(["index.html"]));
  const files = (modules: readonly string[]) => chunks.closure(modules).filter((file) => !initial.has(file));
  // Low priority, as index.html's own: the first paint waits for none of them.
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

/** Linked, the stylesheet shares a phone's slow line with the scripts and holds the first paint (013). */
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

/** Unknown pages get the app with a 404 so that it can say so; unknown /api paths stay JSON. */
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
    preCompressed: true,
    // Cache-Control is ours (below): @fastify/send's own "public, max-age=0" would replace it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const isHashedAsset = filePath.startsWith(path.join(root, "assets") + path.sep);
      res.setHeader("Cache-Control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
    },
  });

  const sendIndex = (reply: FastifyReply, status = 200) => reply.status(status).header("Cache-Control", "no-cache").sendFile("index.html");

  await app.register(fastifyCompress, { global: false });
  const indexHtml = readFileSync(path.join(root, "index.html"), "utf8");
  const emptyRoot = '<div id="root"></div>';
  if (!indexHtml.includes("</body>") || !indexHtml.includes("</head>") || !indexHtml.includes(emptyRoot)) {
    throw new Error(`${path.join(root, "index.html")} has no </head>, </body> or ${emptyRoot}`);
  }
  const firstScreens = JSON.parse(readFileSync(path.join(root, FIRST_SCREENS_FILE), "utf8")) as FirstScreens;
  const pagePreloads = readPagePreloads(root);
  const appHtml = inlineStylesheet(indexHtml, root);

  const answer = async (request: FastifyRequest, url: string) => {
    const response = await app.inject({
      method: "GET",
      url,
      remoteAddress: request.ip,
      headers: { accept: "application/json", cookie: request.headers.cookie ?? "", "user-agent": request.headers["user-agent"] ?? "" },
    });
    const version = Number(response.headers[DATA_VERSION_HEADER]) || undefined;
    return { status: response.statusCode, body: response.body, ...(version ? { version } : {}) };
  };

  const bootAnswers = async (request: FastifyRequest): Promise<BootAnswers> => {
    const answers: BootAnswers = {};
    const keep = (url: string, response: { status: number; body: string; version?: number }) => {
      // Only settled answers: anything else (an outage, a 5xx) is left for the page to ask again.
      if (response.status === 200 || (url === BOOT_USER_PATH && response.status === 401)) {
        answers[url] = {
          status: response.status,
          body: JSON.parse(response.body) as unknown,
          ...(response.version ? { version: response.version } : {}),
        };
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

  // A visitor with a CSRF cookie has a session the app refreshes silently (decision 004).
  const firstScreen = (request: FastifyRequest, answers: BootAnswers): { root: string; preloads: string } => {
    const user = answers[BOOT_USER_PATH];
    const loading = `<div id="root">${firstScreens.loading}</div>`;
    if (user?.status === 200)
      return { root: loading, preloads: pagePreloads.pages.get(request.routeOptions.url ?? "") ?? pagePreloads.signedOut };
    if (user?.status === 401 && request.cookies[CSRF_COOKIE]) return { root: loading, preloads: pagePreloads.signedOut };
    const providers = answers[BOOT_PROVIDERS_PATH];
    if (user?.status !== 401 || providers?.status !== 200) return { root: emptyRoot, preloads: pagePreloads.signedOut };
    const welcome = welcomeScreenHtml(firstScreens, (providers.body as AuthProvidersResponse).providers, request.url);
    // Half parsed, the centred welcome screen moved when the rest arrived; its links need no script.
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
