import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PUSH_SETTINGS } from "../../../shared/api/push-limits.ts";
import { ROLLOVER_DEFAULTS } from "../../../shared/api/rollover.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../test/mock-fetch.ts";
import { renderWithApp } from "../../test/render.tsx";
import { AIContextProvider } from "../../features/ai-chat/index.ts";
import { SettingsPage } from "./settings-page.tsx";

const AI_PROVIDER = { name: "openai", displayName: "OpenAI", description: "GPT models", features: ["Fast"], available: true };

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("SettingsPage", () => {
  it("has its tabs with AI Settings open by default, showing the providers", async () => {
    const fetchMock = mockFetch((url) => jsonResponse(url === "/api/ai/providers" ? { providers: [AI_PROVIDER] } : ROLLOVER_DEFAULTS));
    renderWithApp(
      <AIContextProvider>
        <SettingsPage />
      </AIContextProvider>,
      { route: "/settings" },
    );
    const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
    expect(tabs).toEqual(["AI Settings", "Rollover", "Analytics", "Notifications", "Calendars", "Working hours", "Integrations", "Import"]);
    expect(screen.getByRole("tab", { name: "AI Settings" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "AI Settings" });
    expect(await screen.findByRole("radio", { name: /OpenAI/ })).toBeChecked();
    expect(panel).toHaveTextContent("Current");
    // The rollover settings load only when their tab opens.
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/ai/providers"]);

    await userEvent.click(screen.getByRole("tab", { name: "Rollover" }));
    expect(await screen.findByRole("form", { name: "Rollover settings" })).toBeInTheDocument();
    expect(fetchMock.mock.calls[1]?.[0]).toBe("/api/rollover/settings");
  });

  it("opens the tab named in the address: Notifications shows the preferences, asking only for the push devices and settings", async () => {
    const fetchMock = mockFetch((url) => jsonResponse(url === "/api/push/subscriptions" ? [] : DEFAULT_PUSH_SETTINGS));
    renderWithApp(<SettingsPage />, { route: "/settings?tab=notifications" });
    expect(screen.getByRole("tab", { name: "Notifications" })).toHaveAttribute("aria-selected", "true");
    const panel = screen.getByRole("tabpanel", { name: "Notifications" });
    expect(await within(panel).findByRole("switch", { name: "Stalled tasks" })).toBeChecked();
    expect(within(panel).getByRole("heading", { name: "Browser notifications" })).toBeInTheDocument();
    expect(panel).not.toHaveTextContent("Coming soon");
    expect(within(panel).getByRole("heading", { name: "Push notifications" })).toBeInTheDocument();
    expect(new Set(fetchMock.mock.calls.map(([url]) => url))).toEqual(new Set(["/api/push/subscriptions", "/api/push/settings"]));
  });

  it("Analytics shows the last 30 days' figures, and a failed call counts as 0 / empty", async () => {
    mockFetch((url) => {
      if (url === "/api/ai/analytics/acceptance-rate?days=30") return jsonResponse({ acceptanceRate: 0.75 });
      if (url === "/api/ai/planning/history?days=30") return errorResponse(500);
      return jsonResponse(ROLLOVER_DEFAULTS);
    });
    vi.spyOn(console, "warn").mockImplementation(() => {});
    renderWithApp(<SettingsPage />, { route: "/settings?tab=analytics" });
    const panel = screen.getByRole("tabpanel", { name: "Analytics" });
    expect(await within(panel).findByText("75%")).toBeInTheDocument();
    expect(panel).toHaveTextContent("AI conversations0");
    expect(panel).toHaveTextContent("Pattern LearningActive");
    expect(panel).toHaveTextContent("Overview of the last 30 days");
    expect(panel).toHaveTextContent("Privacy and Data Control");
    expect(console.warn).toHaveBeenCalledWith("Failed to fetch the AI planning history", expect.anything());
  });
});
