import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { makeTask } from "../../../../shared/test/task-fixtures.ts";
import { todayInZone } from "../../../../shared/rules/dates.ts";
import { errorResponse, jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { taskQueryKeys } from "../../tasks/index.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { AIContextProvider } from "../../ai-chat/index.ts";
import { CommandPaletteLauncher } from "./command-palette-launcher.tsx";

let browserOnline = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => browserOnline });

function setOnline(online: boolean) {
  act(() => {
    browserOnline = online;
    window.dispatchEvent(new Event(online ? "online" : "offline"));
  });
}

// Signed out and no tasks, unless a test answers otherwise: no request leaves for jsdom's own fetch.
beforeEach(() => {
  mockFetch((url) => (url.includes("/api/user") ? errorResponse(401) : jsonResponse([])));
});

afterEach(() => {
  browserOnline = true;
  vi.unstubAllGlobals();
});

// First in the file: the palette's code is loaded once per module, by whichever test renders it first.
describe("CommandPaletteLauncher's code (issue 56 item 12)", () => {
  it("loads on idle, so the first Ctrl+K opens the palette at once and its body follows a frame later", async () => {
    renderWithApp(
      <AIContextProvider>
        <CommandPaletteLauncher />
      </AIContextProvider>,
    );
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await import("./command-palette.tsx");
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    act(() => {
      fireEvent.keyDown(window, { key: "k", ctrlKey: true });
    });
    expect(document.querySelector('[role="dialog"][data-body="pending"]')).not.toBeNull();
    expect(await screen.findByRole("combobox", { name: "Command" })).toHaveFocus();
    expect(document.querySelector('[role="dialog"][data-body="ready"]')).not.toBeNull();
  });
});

describe("CommandPaletteLauncher with a card focused on the board", () => {
  it("moves the card's task to the day chosen in the palette", async () => {
    const user = userEvent.setup();
    const patches: unknown[] = [];
    mockFetch((url, init) => {
      if (init.method === "PATCH") patches.push([url, JSON.parse(String(init.body))]);
      return jsonResponse(init.method === "PATCH" ? makeTask({ id: "t1" }) : []);
    });
    const today = todayInZone(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone);
    const { client } = renderWithApp(
      <AIContextProvider>
        <ul>
          <li data-task-id="t1">
            <button type="button">Write the brief</button>
          </li>
        </ul>
        <CommandPaletteLauncher />
      </AIContextProvider>,
    );
    client.setQueryData(taskQueryKeys.day(today), [makeTask({ id: "t1", title: "Write the brief", date: today })]);
    screen.getByRole("button", { name: "Write the brief" }).focus();
    await user.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("combobox", { name: "Command" })).toHaveFocus();
    await user.keyboard("move no date");
    expect(await screen.findByRole("option", { name: /Move “Write the brief” to no date/ })).toHaveAttribute("aria-selected", "true");
    await user.keyboard("{Enter}");
    await waitFor(() => expect(patches).toEqual([["/api/tasks/t1", { date: null }]]));
    expect(client.getQueryData(taskQueryKeys.day(today))).toEqual([]);
  });
});

describe("CommandPaletteLauncher offline (decision 018)", () => {
  it("closes when the network drops, stays closed when it returns, and does not open offline", async () => {
    const user = userEvent.setup();
    renderWithApp(
      <AIContextProvider>
        <CommandPaletteLauncher />
      </AIContextProvider>,
    );
    await user.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("dialog")).toBeInTheDocument();

    setOnline(false);
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.keyboard("{Control>}k{/Control}");
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();

    setOnline(true);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await user.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("dialog")).toBeInTheDocument();
  });
});

describe("CommandPaletteLauncher reopened (issue 56 item 12)", () => {
  it("keeps the palette's DOM between opens, and each open starts empty with the first command chosen", async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse([]));
    renderWithApp(
      <AIContextProvider>
        <CommandPaletteLauncher />
      </AIContextProvider>,
    );
    await user.keyboard("{Control>}k{/Control}");
    const field = await screen.findByRole("combobox", { name: "Command" });
    await user.keyboard("sett{ArrowDown}");
    expect(field).toHaveValue("sett");
    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.keyboard("{Control>}k{/Control}");
    expect(await screen.findByRole("combobox", { name: "Command" })).toBe(field);
    expect(field).toHaveValue("");
    expect(field).toHaveFocus();
    expect(screen.getAllByRole("option")[0]).toHaveAttribute("aria-selected", "true");
  });
});
