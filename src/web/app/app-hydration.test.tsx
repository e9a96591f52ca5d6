import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { welcomeScreenHtml } from "../../shared/welcome-screen-html.ts";
import { authProvidersQueryKey, userQueryKey } from "../features/session/index.ts";
import { queryClient } from "../lib/query-client.ts";
import { App } from "./app.tsx";

describe("the app's first render for a visitor", () => {
  afterEach(() => queryClient.clear());

  it("is the welcome screen the page's HTML painted, node for node, so it can take that screen over as it is", () => {
    const providers = [{ id: "local", displayName: "Local account" }];
    queryClient.setQueryData(userQueryKey, null);
    queryClient.setQueryData(authProvidersQueryKey, providers);
    expect(renderToString(<App />)).toBe(welcomeScreenHtml(providers, "/"));
  });
});
