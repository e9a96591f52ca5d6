import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { WelcomeLine } from "./welcome-line.tsx";

afterEach(() => localStorage.clear());

describe("<WelcomeLine />", () => {
  it("says 'Welcome,' on the user's first visit and 'Welcome back,' on the next, per user", () => {
    const first = render(<WelcomeLine user={{ id: "u1", name: "Ada" }} />);
    expect(first.container).toHaveTextContent(/^Welcome, Ada$/);
    first.unmount();

    const again = render(<WelcomeLine user={{ id: "u1", name: "Ada" }} />);
    expect(again.container).toHaveTextContent(/^Welcome back, Ada$/);
    again.unmount();

    render(<WelcomeLine user={{ id: "u2", name: "Grace" }} />);
    expect(screen.getByText("Welcome,")).toBeInTheDocument();
  });

  it("keeps the first greeting while the page shows it", () => {
    const line = render(<WelcomeLine user={{ id: "u1", name: "Ada" }} />);
    line.rerender(<WelcomeLine user={{ id: "u1", name: "Ada" }} />);
    expect(line.container).toHaveTextContent(/^Welcome, Ada$/);
  });
});
