import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { jsonResponse, mockFetch } from "../../../test/mock-fetch.ts";
import { renderWithApp } from "../../../test/render.tsx";
import { AiAnalyticsPanel } from "./ai-analytics-panel.tsx";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("AiAnalyticsPanel", () => {
  it("says, above the buttons that do it, that the data can be exported or deleted here (issue 56)", async () => {
    mockFetch((url) => jsonResponse(url.includes("acceptance-rate") ? { acceptanceRate: 0 } : { conversations: [] }));
    renderWithApp(<AiAnalyticsPanel />);
    const exportLink = await screen.findByRole("link", { name: "Export my data" });
    const here = screen.getByText(/export your data or delete your account right here/i);
    expect(here).toHaveTextContent("You can also export your data or delete your account right here, with the buttons below.");
    // The spec's own sentence stays.
    expect(screen.getByText("To delete or export your data, contact support.")).toBeInTheDocument();
    for (const action of [exportLink, screen.getByRole("button", { name: "Delete my account" })]) {
      expect(here.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});
