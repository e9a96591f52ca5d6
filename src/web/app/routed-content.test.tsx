import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { renderWithApp } from "../test/render.tsx";
import { RoutedContent } from "./routed-content.tsx";
import { OFFLINE_MESSAGE } from "./shell/offline-banner.tsx";

let browserOnline = true;
Object.defineProperty(window.navigator, "onLine", { configurable: true, get: () => browserOnline });

afterEach(() => {
  browserOnline = true;
});

describe("RoutedContent offline (decision 018)", () => {
  it("shows the pages read-only under the offline banner, and editable again once online", async () => {
    renderWithApp(<RoutedContent />, { route: "/nowhere" });
    const heading = await screen.findByRole("heading", { name: "Page not found" });
    const fieldset = heading.closest("fieldset");
    expect(fieldset).not.toBeNull();
    expect(fieldset).toBeEnabled();
    const status = screen.getAllByRole("status").find((element) => element.closest("fieldset") === null);
    expect(status).toBeEmptyDOMElement();

    act(() => {
      browserOnline = false;
      window.dispatchEvent(new Event("offline"));
    });
    expect(fieldset).toBeDisabled();
    expect(status).toHaveTextContent(OFFLINE_MESSAGE);

    act(() => {
      browserOnline = true;
      window.dispatchEvent(new Event("online"));
    });
    expect(fieldset).toBeEnabled();
    expect(status).toBeEmptyDOMElement();
  });
});
