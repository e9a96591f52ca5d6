import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { stopBackgroundRefresh } from "../../lib/api-client.ts";
import { type FetchHandler, deferred, errorResponse, jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { renderWithApp } from "../../test/render.tsx";
import { AuthenticatedShell } from "./authenticated-shell.tsx";

const ada = { id: "u1", name: "Ada Lovelace", email: "ada@example.com", avatarUrl: null, timeZone: "Europe/Paris" };
const providers = {
  providers: [
    { id: "google", displayName: "Google" },
    { id: "local", displayName: "Local account" },
  ],
};

function server(overrides: Record<string, FetchHandler> = {}) {
  const routes: Record<string, FetchHandler> = {
    "GET /api/user": () => jsonResponse(ada),
    "GET /auth/providers": () => jsonResponse(providers),
    "PATCH /api/user/preferences": () => jsonResponse({ ...ada, timeZone: "Europe/Paris" }),
    ...overrides,
  };
  return mockFetch((url, init) => {
    const handler = routes[`${init.method ?? "GET"} ${url}`];
    return handler ? handler(url, init) : errorResponse(404, `No route ${url}`);
  });
}

const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

function setBrowserTimeZone(timeZone: string) {
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

beforeEach(() => {
  setBrowserTimeZone("Europe/Paris");
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  stopBackgroundRefresh();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("while the user call runs", () => {
  it("says it is checking the authentication status", () => {
    server({ "GET /api/user": () => deferred<Response>().promise });
    renderWithApp(<AuthenticatedShell />);

    const status = screen.getByRole("status");
    expect(status).toHaveTextContent("Loading...");
    expect(status).toHaveTextContent("Checking authentication status");
  });
});

describe("signed out", () => {
  it("shows the welcome screen with one sign-in button per provider", async () => {
    const fetchMock = server({ "GET /api/user": () => errorResponse(401, "Sign in first") });
    renderWithApp(<AuthenticatedShell />);

    expect(await screen.findByRole("heading", { level: 1, name: "Daywise" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: "Sign in with Google" })).toHaveAttribute("href", "/auth/google");
    expect(screen.getByRole("link", { name: "Sign in with Local account" })).toHaveAttribute("href", "/auth/local");
    expect(screen.getByText(/private to your account/i)).toBeInTheDocument();
    expect(screen.queryByRole("navigation")).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain("/auth/refresh");
  });

  it("offers to try again when the providers cannot be read", async () => {
    const user = userEvent.setup();
    let isProvidersUp = false;
    server({
      "GET /api/user": () => errorResponse(401),
      "GET /auth/providers": () => (isProvidersUp ? jsonResponse(providers) : errorResponse(503, "Starting")),
    });
    renderWithApp(<AuthenticatedShell />);

    expect(await screen.findByRole("alert")).toHaveTextContent(/sign-in is not available/i);
    isProvidersUp = true;
    await user.click(screen.getByRole("button", { name: "Try again" }));

    expect(await screen.findByRole("link", { name: "Sign in with Google" })).toBeInTheDocument();
  });
});

describe("signed in", () => {
  it("shows the header, the welcome line, the navigation and the page", async () => {
    const user = userEvent.setup();
    server();
    renderWithApp(<AuthenticatedShell />);

    const header = await screen.findByRole("banner");
    expect(within(header).getByText("Daywise")).toBeInTheDocument();
    expect(header).toHaveTextContent("Welcome, Ada Lovelace");
    expect(within(header).getByRole("button", { name: "Account menu for Ada Lovelace (AL)" })).toHaveTextContent("AL");
    expect(await screen.findByRole("heading", { level: 1, name: "Today" })).toBeInTheDocument();

    // Both navigations are in the DOM; CSS shows one per screen size (jsdom applies none).
    const nav = screen.getAllByRole("navigation", { name: "Main" }).find((element) => within(element).queryAllByRole("link").length > 0)!;
    expect(
      within(nav)
        .getAllByRole("link")
        .map((link) => link.textContent),
    ).toEqual(["Tasks", "Goals", "Insights", "Settings"]);
    expect(within(nav).getByRole("link", { name: "Tasks" })).toHaveAttribute("aria-current", "page");

    await user.click(within(nav).getByRole("link", { name: "Goals" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Goals" })).toBeInTheDocument();
    expect(within(nav).getByRole("link", { name: "Goals" })).toHaveAttribute("aria-current", "page");
    expect(within(nav).getByRole("link", { name: "Tasks" })).not.toHaveAttribute("aria-current");
    // The title follows in an effect after the page has rendered.
    await waitFor(() => expect(document.title).toBe("Goals · Daywise"));
  });

  it.each([
    ["/insights", "Insights"],
    ["/settings", "Settings"],
    ["/ai-chat", "Today"],
    ["/no-such-page", "Page not found"],
  ])("shows %s with the heading '%s'", async (route, heading) => {
    server();
    renderWithApp(<AuthenticatedShell />, { route });

    expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
  });

  it("redirects /ai-chat to the board, asking the chat panel to open", async () => {
    function LocationProbe() {
      const location = useLocation();
      return <output data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
    }
    server();
    renderWithApp(
      <>
        <AuthenticatedShell />
        <LocationProbe />
      </>,
      { route: "/ai-chat" },
    );

    expect(await screen.findByRole("heading", { level: 1, name: "Today" })).toBeInTheDocument();
    expect(screen.getByTestId("location")).toHaveTextContent('/ {"openAiChat":true}');
  });

  it("sends the browser's time zone once when it differs from the user's", async () => {
    setBrowserTimeZone("America/New_York");
    document.cookie = "csrfToken=csrf-1; path=/";
    const fetchMock = server();
    renderWithApp(<AuthenticatedShell />);

    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === "/api/user/preferences")).toHaveLength(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === "/api/user/preferences")!;
    expect(init.method).toBe("PATCH");
    expect(init.body).toBe('{"timeZone":"America/New_York"}');
    expect(new Headers(init.headers).get("X-CSRF-Token")).toBe("csrf-1");
    document.cookie = "csrfToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/";
  });

  it("sends nothing when the zones agree", async () => {
    const fetchMock = server();
    renderWithApp(<AuthenticatedShell />);

    expect(await screen.findByRole("heading", { level: 1, name: "Today" })).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).not.toContain("/api/user/preferences");
  });
});
