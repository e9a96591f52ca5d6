import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { renderToStaticMarkup } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { welcomeScreenHtml, type WelcomeScreenProvider } from "../../../../shared/welcome-screen-html.ts";
import { authProvidersQueryKey } from "../api/get-auth-providers.ts";
import { WelcomeScreen } from "./welcome-screen.tsx";

function renderWelcome(providers: WelcomeScreenProvider[]): string {
  const client = new QueryClient();
  client.setQueryData(authProvidersQueryKey, providers);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <WelcomeScreen />
    </QueryClientProvider>,
  );
}

describe("WelcomeScreen", () => {
  afterEach(() => window.history.replaceState(null, "", "/"));

  it.each([
    ["one provider", [{ id: "local", displayName: "Local account" }], "/"],
    [
      "several, the first one primary",
      [
        { id: "google", displayName: "Google Workspace" },
        { id: "corp", displayName: "Corp <SSO> & \"Friends\" 'n' co" },
      ],
      "/",
    ],
    ["none", [], "/"],
    ["on another page, which the buttons come back to", [{ id: "local", displayName: "Local" }], "/goals?tab=active&x=<1>"],
  ])("is what the server paints from the HTML (%s), so the app's first render changes nothing on screen", (_case, providers, path) => {
    window.history.replaceState(null, "", path);
    const returnPath = `${window.location.pathname}${window.location.search}`;
    expect(renderWelcome(providers)).toBe(welcomeScreenHtml(providers, returnPath));
  });

  it("does not say there is nothing to install: the app can be installed (decision 018)", () => {
    const html = renderWelcome([{ id: "local", displayName: "Local" }]);
    expect(html).not.toContain("nothing to install");
    expect(html).toContain("Daywise works in your browser; installing it as an app is up to you.");
  });
});
