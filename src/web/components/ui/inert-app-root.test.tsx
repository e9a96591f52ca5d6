import { render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { InertAppRoot } from "./inert-app-root.tsx";

afterEach(() => document.getElementById("root")?.remove());

describe("InertAppRoot (issue 56 item 12)", () => {
  it("keeps the app's pointer-events its own while a modal is open, makes it inert and unscrolled after the first paint, and restores all", async () => {
    const root = document.body.appendChild(Object.assign(document.createElement("div"), { id: "root" }));
    const view = render(<InertAppRoot />);
    // The body's pointer-events: none (Radix) then restyles the body alone, not the whole app.
    expect(root.style.pointerEvents).toBe("auto");
    expect(document.documentElement.style.overflow).toBe("");
    await waitFor(() => expect(root.inert).toBe(true));
    expect(document.documentElement.style.overflow).toBe("hidden");
    view.unmount();
    expect(root.inert).toBe(false);
    expect(root.style.pointerEvents).toBe("");
    expect(document.documentElement.style.overflow).toBe("");
  });
});
