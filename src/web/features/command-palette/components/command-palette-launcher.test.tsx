import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
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

afterEach(() => {
  browserOnline = true;
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
