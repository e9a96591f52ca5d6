import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_ANSWERS_ELEMENT_ID, serializeBootAnswers } from "../../../shared/boot-answers.ts";
import { makeGoal } from "../../features/goals/test/goal-fixtures.ts";
import { jsonResponse, mockFetch } from "../../test/mock-fetch.ts";

const ada = { id: "u1", name: "Ada Lovelace", email: "ada@example.com", avatarUrl: null, timeZone: "Europe/Paris" };

/** The app's modules, loaded afresh on a document at `pathname` whose HTML holds `answers`. */
async function loadOnPage(pathname: string, answers: Record<string, unknown>, statuses: Record<string, number> = {}) {
  vi.resetModules();
  window.history.replaceState(null, "", pathname);
  document.body.innerHTML = "";
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = BOOT_ANSWERS_ELEMENT_ID;
  element.textContent = serializeBootAnswers(
    Object.fromEntries(Object.entries(answers).map(([path, body]) => [path, { status: statuses[path] ?? 200, body }])),
  );
  document.body.append(element);
  const [{ AuthenticatedShell, prepareFirstRender }, { AppProviders }] = await Promise.all([
    import("./authenticated-shell.tsx"),
    import("../providers.tsx"),
  ]);
  const renderShell = () =>
    render(
      <AppProviders>
        <MemoryRouter initialEntries={[pathname]}>
          <AuthenticatedShell />
        </MemoryRouter>
      </AppProviders>,
    );
  return { renderShell, prepareFirstRender };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.history.replaceState(null, "", "/");
});

describe("prepareFirstRender (decision 013)", () => {
  it("makes the app's first render the page with its data: no loading screen, no skeleton, no call", async () => {
    const fetch = mockFetch(() => jsonResponse([]));
    const { renderShell, prepareFirstRender } = await loadOnPage("/goals", {
      "/api/user": ada,
      "/api/goals": [makeGoal({ title: "Learn Spanish" })],
    });
    await prepareFirstRender();

    renderShell();
    // Found at once, not awaited: the first commit already shows the page.
    expect(screen.getByRole("heading", { level: 1, name: "Goals" })).toBeInTheDocument();
    expect(screen.getByRole("article", { name: "Learn Spanish" })).toBeInTheDocument();
    expect(screen.queryByText("Checking authentication status")).not.toBeInTheDocument();
    expect(fetch.mock.calls.map(([url]) => String(url))).not.toContain("/api/goals");
  });

  it("gives a visitor's first render the sign-in buttons the HTML painted, and says so: no placeholder, no call", async () => {
    const fetch = mockFetch(() => jsonResponse({}));
    const { renderShell, prepareFirstRender } = await loadOnPage(
      "/",
      {
        "/api/user": { message: "Not signed in", code: "unauthorized" },
        "/auth/providers": { providers: [{ id: "local", displayName: "Local account" }] },
      },
      { "/api/user": 401 },
    );
    expect(await prepareFirstRender()).toBe("welcome");

    renderShell();
    expect(screen.getByRole("link", { name: "Sign in with Local account" })).toBeInTheDocument();
    expect(screen.queryByText("Loading sign-in options")).not.toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("waits for nothing when the HTML does not say who is signed in: the loading screen shows", async () => {
    const fetch = mockFetch(() => new Promise<Response>(() => {}));
    const { renderShell, prepareFirstRender } = await loadOnPage("/goals", {});
    await prepareFirstRender();
    expect(fetch).not.toHaveBeenCalled();

    renderShell();
    expect(screen.getByRole("status")).toHaveTextContent("Checking authentication status");
  });
});
