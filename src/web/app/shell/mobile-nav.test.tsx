import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { MobileNav } from "./mobile-nav.tsx";

function renderNav() {
  return render(
    <MemoryRouter initialEntries={["/"]}>
      <MobileNav />
    </MemoryRouter>,
  );
}

describe("<MobileNav />", () => {
  it("opens on a tap made before the menu's code has arrived, on the button first painted", async () => {
    renderNav();
    const button = screen.getByRole("button", { name: "Open navigation menu" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    expect(screen.queryByRole("menu")).toBeNull();

    // At once, before any idle moment: the tap is kept and shown while the code loads.
    fireEvent.click(button);
    expect(button).toHaveAttribute("aria-busy", "true");

    const menu = await screen.findByRole("menu");
    expect(screen.getAllByRole("menuitem").map((item) => item.textContent)).toEqual(["Tasks", "Goals", "Insights", "Settings"]);
    expect(screen.getByRole("button", { name: "Open navigation menu" })).toBe(button);
    expect(button).toHaveAttribute("aria-expanded", "true");
    expect(button).not.toHaveAttribute("aria-busy");
    expect(button).toHaveAttribute("aria-controls", menu.id);
    expect(menu).toHaveAttribute("aria-labelledby", button.id);

    // The same button closes it, and opens it again, now at once.
    fireEvent.click(button);
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(button).toHaveAttribute("aria-expanded", "false");
    fireEvent.click(button);
    expect(await screen.findByRole("menu")).toBeInTheDocument();
    expect(button).not.toHaveAttribute("aria-busy");
  });

  it("opens from the keyboard with the down arrow", async () => {
    renderNav();
    const button = screen.getByRole("button", { name: "Open navigation menu" });
    fireEvent.keyDown(button, { key: "ArrowDown" });
    expect(await screen.findByRole("menu")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Open navigation menu" })).toBe(button);
  });

  it("puts focus on the first page when Enter opens it before its code has arrived, and on the menu for a tap", async () => {
    renderNav();
    const button = screen.getByRole("button", { name: "Open navigation menu" });
    fireEvent.click(button, { detail: 0 });
    await waitFor(() => expect(screen.getByRole("menuitem", { name: "Tasks" })).toHaveFocus());

    fireEvent.click(button, { detail: 1 });
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    fireEvent.click(button, { detail: 1 });
    const menu = await screen.findByRole("menu");
    await waitFor(() => expect(menu).toHaveFocus());
  });
});
