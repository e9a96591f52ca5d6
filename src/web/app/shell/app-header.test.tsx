import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithApp } from "../../test/render.tsx";
import { AppHeader } from "./app-header.tsx";

// 60 characters: the width check at 1280 px is e2e/app-shell.spec.ts's; jsdom lays nothing out.
const longName = "Maximiliana Alexandrina Wolfeschlegelsteinhausen-Bergerdorff";

describe("<AppHeader /> with a long name", () => {
  it("keeps the nav labels on one line, the greeting whole, and the full name reachable", () => {
    expect(longName).toHaveLength(60);
    renderWithApp(
      <AppHeader
        user={{
          id: "u1",
          name: longName,
          email: "max@example.com",
          avatarUrl: null,
          timeZone: "UTC",
          workdayStart: "09:00",
          workdayEnd: "17:00",
        }}
      />,
    );
    const header = screen.getByRole("banner");

    // The phone's menu is a second "Main" navigation, its links rendered only when open.
    const nav = within(header)
      .getAllByRole("navigation", { name: "Main" })
      .find((element) => within(element).queryAllByRole("link").length > 0)!;
    expect(nav).toHaveClass("shrink-0");
    for (const label of ["Tasks", "Goals", "Insights", "Settings"]) {
      expect(within(nav).getByRole("link", { name: label })).toHaveClass("whitespace-nowrap");
    }

    const greeting = within(header).getByText("Welcome,");
    expect(greeting).toHaveClass("whitespace-nowrap", "shrink-0");
    expect(greeting).not.toHaveClass("truncate");
    const name = within(header).getByText(longName);
    expect(name).toHaveClass("truncate");
    expect(name).toHaveAttribute("title", longName);
    expect(within(header).getByRole("button", { name: `Account menu for ${longName} (MW)` })).toBeInTheDocument();
  });
});
