// Imported by vite.config.ts only: the server's copy of the first screens is made from the components (decision 032).
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup, renderToString } from "react-dom/server";
import { StaticRouter } from "react-router";
import { type FirstScreens, SIGN_IN_HREF, SIGN_IN_LABEL, type SignInProvider, welcomeScreenHtml } from "../../shared/first-screens.ts";
import { escapeHtml } from "../../shared/escape-html.ts";
import { signInLabel, signInPath } from "../../shared/sign-in-path.ts";
import { Suspense } from "react";
import { authProvidersQueryKey } from "../features/session/index.ts";
import { WelcomeScreen } from "../features/session/components/welcome-screen.tsx";
import { LoadingScreen } from "./shell/loading-screen.tsx";

/** renderToString: main.tsx hydrates it. */
export function renderWelcomeScreen(providers: readonly SignInProvider[], url = "/"): string {
  const client = new QueryClient();
  client.setQueryData(authProvidersQueryKey, providers);
  return renderToString(
    <QueryClientProvider client={client}>
      <StaticRouter location={url}>
        <Suspense>
          <WelcomeScreen />
        </Suspense>
      </StaticRouter>
    </QueryClientProvider>,
  );
}

const placeholder = (index: number): SignInProvider => ({ id: `first-screen-${index}`, displayName: `First screen ${index}` });

function itemAround(html: string, at: number): [start: number, end: number] {
  const start = html.lastIndexOf("<li", at);
  const end = html.indexOf("</li>", at);
  if (start < 0 || end < 0) throw new Error("the welcome screen's sign-in buttons are not list items");
  return [start, end + "</li>".length];
}

function withSlots(html: string, provider: SignInProvider): string {
  const href = escapeHtml(signInPath(provider.id));
  const label = escapeHtml(signInLabel(provider));
  if (html.split(href).length !== 2 || html.split(label).length !== 2) throw new Error(`the welcome screen shows ${provider.id} once`);
  return html.replace(href, SIGN_IN_HREF).replace(label, SIGN_IN_LABEL);
}

export function renderFirstScreens(): FirstScreens {
  const one = withSlots(renderWelcomeScreen([placeholder(1)]), placeholder(1));
  const [start, end] = itemAround(one, one.indexOf(SIGN_IN_HREF));
  const two = withSlots(withSlots(renderWelcomeScreen([placeholder(1), placeholder(2)]), placeholder(1)), placeholder(2));
  const before = one.slice(0, start);
  const after = one.slice(end);
  const screens: FirstScreens = {
    loading: renderToStaticMarkup(<LoadingScreen />),
    welcome: {
      none: renderWelcomeScreen([]),
      before,
      after,
      first: one.slice(start, end),
      other: two.slice(end, two.length - after.length),
    },
  };
  // What the server will send must be what the app renders, names and pages that need escaping included.
  const checks: [SignInProvider[], string][] = [
    [[], "/"],
    [[{ id: "local", displayName: "Local account" }], "/"],
    [
      [
        { id: "google", displayName: "Google Workspace" },
        { id: "corp", displayName: "Corp <SSO> & \"Friends\" 'n' co" },
        { id: "local", displayName: "Local" },
      ],
      "/goals?tab=active&x=<1>",
    ],
  ];
  for (const [providers, url] of checks) {
    if (welcomeScreenHtml(screens, providers, url) !== renderWelcomeScreen(providers, url))
      throw new Error(`the welcome screen's template does not give what the app renders for ${providers.length} providers at ${url}`);
  }
  return screens;
}
