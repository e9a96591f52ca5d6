import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AiProvider } from "../../../../shared/api/ai.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { readUserItem } from "../../../lib/user-storage.ts";
import { renderChat } from "../test/chat-test-utils.tsx";
import { AiSettingsPanel } from "./ai-settings-panel.tsx";

const toastMock = vi.hoisted(() => vi.fn());
vi.mock("../../../components/ui/use-toast.ts", () => ({ toast: toastMock }));

const provider = (name: AiProvider["name"], displayName: string, available: boolean): AiProvider => ({
  name,
  displayName,
  description: `${displayName} models`,
  features: ["Fast responses"],
  available,
});
const FOUR = [
  provider("openai", "OpenAI", true),
  provider("gemini", "Google Gemini", true),
  provider("claude", "Claude", false),
  provider("openrouter", "OpenRouter", false),
];

beforeEach(() => {
  localStorage.clear();
  toastMock.mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AiSettingsPanel", () => {
  it("lists the providers, disables the unconfigured ones and saves a new choice", async () => {
    mockFetch(() => jsonResponse({ providers: FOUR }));
    renderChat(<AiSettingsPanel />);
    const openai = await screen.findByRole("radio", { name: /OpenAI/ });
    expect(openai).toBeChecked();
    expect(openai.closest("label")).toHaveTextContent("Current");
    const claude = screen.getByRole("radio", { name: /Claude/ });
    expect(claude).toBeDisabled();
    expect(claude).toHaveAccessibleDescription("Not configured - check environment variables");
    expect(screen.getByText(/contact your administrator/)).toBeInTheDocument();
    expect(screen.getByRole("table")).toHaveTextContent(/openai.*gemini.*claude.*openrouter/);

    const save = screen.getByRole("button", { name: "Save Settings" });
    expect(save).toBeDisabled();
    await userEvent.click(screen.getByRole("radio", { name: /Google Gemini/ }));
    expect(save).toBeEnabled();
    await userEvent.click(save);
    expect(toastMock).toHaveBeenCalledWith({ title: "Provider Updated", description: "Switched to Google Gemini." });
    expect(readUserItem("ai-preferred-provider")).toBe("gemini");
    expect(readUserItem("ai-chat-provider")).toBe("gemini");
    expect(save).toBeDisabled();
    expect(screen.getByRole("radio", { name: /Google Gemini/ }).closest("label")).toHaveTextContent("Current");
  });

  it("says so when the browser refuses to store the choice", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    mockFetch(() => jsonResponse({ providers: FOUR }));
    renderChat(<AiSettingsPanel />);
    await userEvent.click(await screen.findByRole("radio", { name: /Google Gemini/ }));
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("quota");
    });
    await userEvent.click(screen.getByRole("button", { name: "Save Settings" }));
    expect(toastMock).toHaveBeenCalledWith({ title: "Error", description: "Failed to update AI provider", variant: "destructive" });
  });

  it("retries twice, then offers Retry", async () => {
    let calls = 0;
    mockFetch(() => {
      calls += 1;
      return calls <= 3 ? errorResponse(500) : jsonResponse({ providers: FOUR });
    });
    renderChat(<AiSettingsPanel />);
    expect(await screen.findByText("Failed to Load Providers", {}, { timeout: 4_000 })).toBeInTheDocument();
    expect(calls).toBe(3);
    expect(screen.getByText("Unable to fetch AI provider information. Please check your connection and try again.")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Retry" }));
    expect(await screen.findByRole("radio", { name: /OpenAI/ })).toBeChecked();
  });

  it("shows the empty state when no provider is configured", async () => {
    mockFetch(() => jsonResponse({ providers: FOUR.map((entry) => ({ ...entry, available: false })) }));
    renderChat(<AiSettingsPanel />);
    expect(await screen.findByText("No AI Providers Available")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Save Settings" })).not.toBeInTheDocument());
    expect(screen.getByText(/none is configured yet: contact your administrator to configure one/)).toBeInTheDocument();
  });
});
