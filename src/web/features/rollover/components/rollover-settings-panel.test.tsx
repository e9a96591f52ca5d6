import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ROLLOVER_DEFAULTS, type RolloverSettings } from "../../../../shared/api/rollover.ts";
import { AppProviders } from "../../../app/providers.tsx";
import { createQueryClient } from "../../../lib/query-client.ts";
import { type FetchHandler, deferred, errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { RolloverSettingsPanel } from "./rollover-settings-panel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const saved: RolloverSettings = {
  autoRolloverEnabled: false,
  autoRolloverTime: "22:15",
  rolloverTodoTasks: false,
  stallInProgressTasks: true,
  deferLargeTasks: false,
  maxRolloverDays: 12,
  requireConfirmation: true,
};

function server(routes: Record<string, FetchHandler> = {}) {
  const patches: unknown[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? "GET";
    if (method === "PATCH") patches.push(JSON.parse(String(init.body)));
    const table: Record<string, FetchHandler> = { "GET /api/rollover/settings": () => jsonResponse(saved), ...routes };
    const handler = table[`${method} ${url}`];
    return handler ? handler(url, init) : errorResponse(404, `No route ${method} ${url}`);
  });
  return patches;
}

function renderPanel() {
  render(
    <AppProviders client={createQueryClient()}>
      <RolloverSettingsPanel />
    </AppProviders>,
  );
}

const form = () => screen.findByRole("form", { name: "Rollover settings" });
const toggle = (name: string) => screen.getByRole("switch", { name });
const saveButton = () => screen.getByRole("button", { name: "Save Settings" });
const unsaved = () => screen.queryByText("Unsaved changes");

describe("RolloverSettingsPanel", () => {
  it("shows a loading placeholder, then the saved settings", async () => {
    const answer = deferred<Response>();
    server({ "GET /api/rollover/settings": () => answer.promise });
    renderPanel();
    expect(screen.getByRole("status", { name: "Loading rollover settings" })).toBeInTheDocument();
    answer.resolve(jsonResponse(saved));
    await form();
    expect(screen.queryByRole("status", { name: "Loading rollover settings" })).not.toBeInTheDocument();
    expect(toggle("Auto rollover")).not.toBeChecked();
    expect(toggle("Require confirmation")).toBeChecked();
    expect(toggle("Roll over to-do tasks")).not.toBeChecked();
    expect(toggle("Stall in-progress tasks")).toBeChecked();
    expect(toggle("Defer large tasks")).not.toBeChecked();
    const slider = screen.getByRole("slider", { name: "Max rollover days" });
    expect(slider).toHaveAttribute("aria-valuenow", "12");
    expect(slider).toHaveAttribute("aria-valuemin", "1");
    expect(slider).toHaveAttribute("aria-valuemax", "30");
    expect(slider).toHaveAttribute("aria-valuetext", "12 days");
    expect(unsaved()).not.toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it("shows the time field only while auto rollover is on", async () => {
    server();
    renderPanel();
    await form();
    expect(screen.queryByLabelText("Rollover time")).not.toBeInTheDocument();
    await userEvent.click(toggle("Auto rollover"));
    expect(screen.getByLabelText("Rollover time")).toHaveValue("22:15");
    await userEvent.click(toggle("Auto rollover"));
    expect(screen.queryByLabelText("Rollover time")).not.toBeInTheDocument();
  });

  it("flags 'Unsaved changes' and enables Save on any change, the slider's keys included", async () => {
    server();
    renderPanel();
    await form();
    const slider = screen.getByRole("slider", { name: "Max rollover days" });
    slider.focus();
    await userEvent.keyboard("{ArrowRight}");
    expect(slider).toHaveAttribute("aria-valuenow", "13");
    expect(screen.getByText("13 days")).toBeInTheDocument();
    expect(unsaved()).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    await userEvent.keyboard("{End}");
    expect(slider).toHaveAttribute("aria-valuenow", "30");
    await userEvent.keyboard("{Home}");
    expect(slider).toHaveAttribute("aria-valuenow", "1");
    expect(slider).toHaveAttribute("aria-valuetext", "1 day");
  });

  it("'Reset to defaults' only sets the form to the defaults and flags them unsaved", async () => {
    const patches = server();
    renderPanel();
    await form();
    await userEvent.click(screen.getByRole("button", { name: "Reset to defaults" }));
    expect(toggle("Auto rollover")).toBeChecked();
    expect(screen.getByLabelText("Rollover time")).toHaveValue(ROLLOVER_DEFAULTS.autoRolloverTime);
    expect(toggle("Require confirmation")).not.toBeChecked();
    expect(toggle("Roll over to-do tasks")).toBeChecked();
    expect(toggle("Defer large tasks")).toBeChecked();
    expect(screen.getByRole("slider", { name: "Max rollover days" })).toHaveAttribute("aria-valuenow", "7");
    expect(unsaved()).toBeInTheDocument();
    expect(saveButton()).toBeEnabled();
    expect(patches).toEqual([]);
  });

  it("saves every setting, then clears the flag and disables Save", async () => {
    const patches = server({
      "PATCH /api/rollover/settings": (_url, init) => jsonResponse(JSON.parse(String(init.body))),
    });
    renderPanel();
    await form();
    await userEvent.click(toggle("Auto rollover"));
    const time = screen.getByLabelText("Rollover time");
    await userEvent.clear(time);
    await userEvent.type(time, "06:45");
    await userEvent.click(toggle("Roll over to-do tasks"));
    await userEvent.click(saveButton());
    await waitFor(() => expect(unsaved()).not.toBeInTheDocument());
    expect(saveButton()).toBeDisabled();
    expect(patches).toEqual([{ ...saved, autoRolloverEnabled: true, autoRolloverTime: "06:45", rolloverTodoTasks: true }]);
  });

  it("checks the time with the shared schema and sends nothing while it is empty", async () => {
    const patches = server();
    renderPanel();
    await form();
    await userEvent.click(toggle("Auto rollover"));
    await userEvent.clear(screen.getByLabelText("Rollover time"));
    await userEvent.click(saveButton());
    const time = screen.getByLabelText("Rollover time");
    expect(time).toHaveAttribute("aria-invalid", "true");
    expect(time).toHaveAccessibleDescription(/Rollover time must be a time HH:MM from 00:00 to 23:59/);
    expect(time).toHaveFocus();
    expect(patches).toEqual([]);
  });

  it("shows the server's message in an alert when saving fails, and keeps the changes", async () => {
    server({ "PATCH /api/rollover/settings": () => errorResponse(400, "maxRolloverDays must be a whole number from 1 to 30") });
    renderPanel();
    await form();
    await userEvent.click(toggle("Defer large tasks"));
    await userEvent.click(saveButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("maxRolloverDays must be a whole number from 1 to 30");
    expect(unsaved()).toBeInTheDocument();
    expect(toggle("Defer large tasks")).toBeChecked();
  });

  it("says 'Failed to save settings' when the server gives no message", async () => {
    server({ "PATCH /api/rollover/settings": () => new Response("", { status: 503, statusText: "Service Unavailable" }) });
    renderPanel();
    await form();
    await userEvent.click(toggle("Defer large tasks"));
    await userEvent.click(saveButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Failed to save settings");
  });

  it("says so when the settings cannot be loaded, and loads them on 'Try again'", async () => {
    let calls = 0;
    server({
      "GET /api/rollover/settings": () => {
        calls += 1;
        return calls === 1 ? errorResponse(500, "Database unavailable") : jsonResponse(saved);
      },
    });
    renderPanel();
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Failed to load rollover settings. Please try refreshing the page.");
    await userEvent.click(within(alert).getByRole("button", { name: "Try again" }));
    expect(await form()).toBeInTheDocument();
  });
});
