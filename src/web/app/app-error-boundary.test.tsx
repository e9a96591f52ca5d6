import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserNavigation } from "../lib/api-client.ts";
import { AppErrorBoundary } from "./app-error-boundary.tsx";

function Broken(): never {
  throw new Error("chunk failed to load");
}

afterEach(() => vi.restoreAllMocks());

describe("<AppErrorBoundary />", () => {
  it("replaces a crashed tree with an explanation and a reload button", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const reload = vi.spyOn(browserNavigation, "reload").mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );

    expect(screen.getByRole("alert")).toHaveTextContent("Something went wrong");
    await userEvent.click(screen.getByRole("button", { name: "Reload the page" }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("renders its children when nothing fails", () => {
    render(
      <AppErrorBoundary>
        <p>Fine</p>
      </AppErrorBoundary>,
    );
    expect(screen.getByText("Fine")).toBeInTheDocument();
  });
});
