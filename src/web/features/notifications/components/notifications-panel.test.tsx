import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { readUserItem, setStorageUser } from "../../../lib/user-storage.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { NOTIFICATION_PREFERENCES_KEY } from "../lib/notification-preferences.ts";
import { stubNotification } from "../test/fake-notification.ts";
import { NotificationsPanel } from "./notifications-panel.tsx";

beforeEach(() => setStorageUser("u1"));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const stored = () => JSON.parse(readUserItem(NOTIFICATION_PREFERENCES_KEY) ?? "null") as Record<string, boolean> | null;
const toastRegion = () => screen.findByRole("region", { name: /Notifications/ });

describe("NotificationsPanel", () => {
  it("shows the six preferences with the spec's defaults", () => {
    stubNotification("default");
    renderWithApp(<NotificationsPanel />);
    const switches = screen.getAllByRole("switch").map((item) => [item.getAttribute("id"), item.getAttribute("aria-checked")]);
    const labelled = switches.map(([id, checked]) => [document.querySelector(`label[for="${id}"]`)?.textContent, checked]);
    expect(Object.fromEntries(labelled)).toEqual({
      "Stalled tasks": "true",
      "Completion celebrations": "true",
      "Goal deadlines": "true",
      "Procrastination alerts": "false",
      "Daily insights": "false",
      "Show browser notifications": "false",
    });
    expect(screen.getByRole("switch", { name: "Show browser notifications" })).toBeDisabled();
  });

  it("saves a toggle at once with the toast 'Preferences Saved'", async () => {
    stubNotification("default");
    renderWithApp(<NotificationsPanel />);
    await userEvent.click(screen.getByRole("switch", { name: "Procrastination alerts" }));
    expect(screen.getByRole("switch", { name: "Procrastination alerts" })).toBeChecked();
    expect(stored()?.procrastinationAlerts).toBe(true);
    const region = await toastRegion();
    expect(await within(region).findByText("Preferences Saved")).toBeInTheDocument();
    expect(within(region).getByText("Your notification settings have been updated.")).toBeInTheDocument();
  });

  it("shows the permission as Disabled with Enable; a grant turns browser notifications on and shows a test one", async () => {
    const { shown } = stubNotification("default", "granted");
    renderWithApp(<NotificationsPanel />);
    expect(screen.getByText("Browser permission:")).toHaveTextContent("Browser permission:Disabled");
    await userEvent.click(screen.getByRole("button", { name: "Enable" }));
    expect(await screen.findByText("Enabled")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enable" })).toBeNull();
    expect(screen.getByRole("switch", { name: "Show browser notifications" })).toBeChecked();
    expect(stored()?.browserNotifications).toBe(true);
    expect(shown.map((item) => item.title)).toEqual(["Browser notifications are on"]);
  });

  it("says 'Permission Denied' when the request is refused, and Blocked with Enable still offered", async () => {
    const { shown } = stubNotification("default", "denied");
    renderWithApp(<NotificationsPanel />);
    await userEvent.click(screen.getByRole("button", { name: "Enable" }));
    const region = await toastRegion();
    expect(await within(region).findByText("Permission Denied")).toBeInTheDocument();
    expect(within(region).getByText("Browser notifications require permission to work.")).toBeInTheDocument();
    expect(screen.getByText("Blocked")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enable" })).toBeEnabled();
    expect(screen.getByRole("switch", { name: "Show browser notifications" })).not.toBeChecked();
    expect(stored()).toBeNull();
    expect(shown).toEqual([]);
  });

  it("says so without browser support", () => {
    vi.stubGlobal("Notification", undefined);
    renderWithApp(<NotificationsPanel />);
    expect(screen.getByText("Your browser doesn't support notifications.")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Enable" })).toBeNull();
    expect(screen.getByRole("switch", { name: "Show browser notifications" })).toBeDisabled();
  });
});
