import { renderToString } from "react-dom/server";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { welcomeScreenHtml } from "../../shared/first-screens.ts";
import { authProvidersQueryKey, LazyWelcomeScreen, userQueryKey } from "../features/session/index.ts";
import { queryClient } from "../lib/query-client.ts";
import { App } from "./app.tsx";
import { renderFirstScreens } from "./first-screens.tsx";

describe("the app's first render for a visitor", () => {
  // As main.tsx's prepareFirstRender does before it hydrates.
  beforeAll(async () => {
    await LazyWelcomeScreen.preload();
  });
  afterEach(() => {
    queryClient.clear();
    window.history.replaceState(null, "", "/");
  });

  it.each(["/", "/goals?tab=active"])(
    "at %s is the welcome screen the build wrote for the server, node for node, so it can take that screen over as it is",
    (url) => {
      window.history.replaceState(null, "", url);
      const providers = [
        { id: "local", displayName: "Local account" },
        { id: "corp", displayName: "Corp <SSO>" },
      ];
      queryClient.setQueryData(userQueryKey, null);
      queryClient.setQueryData(authProvidersQueryKey, providers);
      expect(renderToString(<App />)).toBe(welcomeScreenHtml(renderFirstScreens(), providers, url));
    },
  );
});
