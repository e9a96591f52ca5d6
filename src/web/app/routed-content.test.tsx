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

describe("RoutedContent offline (decision 043)", () => {
  it("keeps the pages editable under the offline banner, which goes once online", async () => {
    renderWithApp(<RoutedContent />, { route: "/nowhere" });
    const heading = await screen.findByRole("heading", { name: "Page not found" });
    expect(heading.closest("fieldset")).toBeNull();
    const status = screen.getAllByRole("status")[0]!;
    expect(status).toBeEmptyDOMElement();

    act(() => {
      browserOnline = false;
      window.dispatchEvent(new Event("offline"));
    });
    expect(status).toHaveTextContent(OFFLINE_MESSAGE);
    expect(heading.closest("fieldset:disabled")).toBeNull();

    act(() => {
      browserOnline = true;
      window.dispatchEvent(new Event("online"));
    });
    expect(status).toBeEmptyDOMElement();
  });
});
