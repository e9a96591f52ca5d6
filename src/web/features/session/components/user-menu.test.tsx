import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "../../../components/ui/toaster.tsx";
import { browserNavigation, isBackgroundRefreshRunning, startBackgroundRefresh } from "../../../lib/api-client.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setStorageUser, writeUserItem } from "../../../lib/user-storage.ts";
import { deferred, errorResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { LazyUserMenu } from "./lazy-user-menu.tsx";
import { UserMenu } from "./user-menu.tsx";

const ada = {
  id: "u1",
  name: "Ada Lovelace",
  email: "ada@example.com",
  avatarUrl: null,
  timeZone: "UTC",
  workdayStart: "09:00",
  workdayEnd: "17:00",
};

function renderMenu(user: typeof ada | null) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <UserMenu user={user} />
      <Toaster />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  vi.spyOn(browserNavigation, "reload").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("<UserMenu />", () => {
  it("renders nothing without a user", () => {
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <UserMenu user={null} />
      </QueryClientProvider>,
    );
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the initials, the name, the e-mail and Log out", async () => {
    const user = userEvent.setup();
    renderMenu(ada);

    const trigger = screen.getByRole("button", { name: "Account menu for Ada Lovelace (AL)" });
    expect(trigger).toHaveTextContent("AL");
    await user.click(trigger);

    const menu = await screen.findByRole("menu");
    expect(within(menu).getByText("Ada Lovelace")).toBeInTheDocument();
    expect(within(menu).getByText("ada@example.com")).toBeInTheDocument();
    expect(within(menu).getByRole("menuitem", { name: "Log out" })).toBeInTheDocument();
  });

  it("chooses the theme: light, dark or the system's, remembered, the menu staying open (decision 017)", async () => {
    vi.stubGlobal("matchMedia", () => ({ matches: false, addEventListener() {}, removeEventListener() {} }));
    localStorage.clear();
    const user = userEvent.setup();
    renderMenu(ada);
    await user.click(screen.getByRole("button", { name: /account menu/i }));

    const themes = within(await screen.findByRole("group", { name: "Theme" }));
    expect(themes.getAllByRole("menuitemradio").map((item) => item.textContent)).toEqual(["Light", "Dark", "System"]);
    expect(themes.getByRole("menuitemradio", { name: "System" })).toHaveAttribute("aria-checked", "true");

    await user.click(themes.getByRole("menuitemradio", { name: "Dark" }));

    expect(document.documentElement).toHaveClass("dark");
    expect(localStorage.getItem("daywise:theme")).toBe("dark");
    expect(themes.getByRole("menuitemradio", { name: "Dark" })).toHaveAttribute("aria-checked", "true");
    expect(screen.getByRole("menu")).toBeInTheDocument();

    await user.click(themes.getByRole("menuitemradio", { name: "System" }));
    expect(document.documentElement).not.toHaveClass("dark");
    expect(localStorage.getItem("daywise:theme")).toBeNull();
  });

  it("reads 'Logging out...' while logging out, then toasts, clears the refresh and the user's storage, and reloads", async () => {
    const user = userEvent.setup();
    localStorage.clear();
    setStorageUser(ada.id);
    writeUserItem("ai-chat-messages", JSON.stringify([{ id: "m1", role: "user", content: "My secret plan" }]));
    writeUserItem("daywise:notification-preferences", JSON.stringify({ stalledTasks: false }));
    localStorage.setItem("daywise:theme", "dark");
    const answer = deferred<Response>();
    const fetchMock = mockFetch(() => answer.promise);
    startBackgroundRefresh();
    renderMenu(ada);

    await user.click(screen.getByRole("button", { name: /account menu/i }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    expect(await screen.findByRole("menuitem", { name: "Logging out..." })).toHaveAttribute("aria-disabled", "true");
    expect(fetchMock).toHaveBeenCalledWith("/auth/logout", expect.objectContaining({ method: "POST" }));
    expect(browserNavigation.reload).not.toHaveBeenCalled();
    expect(localStorage.getItem("ai-chat-messages")).not.toBeNull();

    answer.resolve(new Response(null, { status: 204 }));

    expect(await screen.findByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged out.")).toBeInTheDocument();
    expect(browserNavigation.reload).toHaveBeenCalledTimes(1);
    expect(isBackgroundRefreshRunning()).toBe(false);
    expect(JSON.parse(sessionStorage.getItem("daywise:flash-toast") ?? "{}")).toMatchObject({ title: "Logged out" });
    // The device's theme stays.
    expect(Object.keys(localStorage)).toEqual(["daywise:theme"]);
  });

  it("shows a destructive toast when logging out fails, and stays", async () => {
    const user = userEvent.setup();
    mockFetch(() => errorResponse(500, "boom"));
    renderMenu(ada);

    await user.click(screen.getByRole("button", { name: /account menu/i }));
    await user.click(await screen.findByRole("menuitem", { name: "Log out" }));

    const title = await screen.findByText("Logout failed");
    expect(screen.getByText("There was an error logging you out.")).toBeInTheDocument();
    expect(title.closest("[data-variant]")).toHaveAttribute("data-variant", "destructive");
    expect(browserNavigation.reload).not.toHaveBeenCalled();
    expect(screen.getByRole("menuitem", { name: "Log out" })).toBeInTheDocument();
  });

  it("opens from the stand-in button when clicked before the menu's code has loaded", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LazyUserMenu user={ada} />
      </QueryClientProvider>,
    );

    await user.click(screen.getByRole("button", { name: "Account menu for Ada Lovelace (AL)" }));

    expect(await screen.findByRole("menu")).toHaveTextContent("ada@example.com");
  });

  it("the lazy menu renders nothing without a user", () => {
    const { container } = render(<LazyUserMenu user={null} />);
    expect(container).toBeEmptyDOMElement();
  });
});
