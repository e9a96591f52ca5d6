import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { isolate } from "../../lib/bidi.ts";
import { Dialog, DialogContent, DialogTitle } from "./dialog.tsx";
import { Toaster } from "./toaster.tsx";
import { dismissToast, toast } from "./use-toast.ts";

afterEach(() => act(() => dismissToast()));

describe("Toaster", () => {
  it("shows a title isolated in a sentence as <bdi>, with no marks left in the text", () => {
    render(<Toaster />);
    act(() => void toast({ title: "Task Completed", description: `Nice work! "${isolate("مراجعة التقرير")}" is done.` }));
    const sentence = 'Nice work! "مراجعة التقرير" is done.';
    const description = screen.getByText((_, element) => element?.textContent === sentence && element.tagName === "DIV");
    const bdi = description.querySelector("bdi");
    expect(bdi).toHaveTextContent("مراجعة التقرير");
    expect(description.textContent).not.toMatch(/[\u2068\u2069]/);
  });

  it("sits below a phone's header, and off an open modal dialog's content (issue 56)", async () => {
    render(<Toaster />);
    act(() => void toast({ title: "Task created successfully" }));
    // Kept: the dialog hides the rest of the page from the accessibility tree.
    const list = screen.getByRole("region", { name: /^Notifications/ }).querySelector("ol")!;
    const viewport = () => list;
    // Spec section 2: at the top on small screens, here below the 4rem header; bottom right from sm on.
    expect(viewport()).toHaveClass("top-16", "sm:bottom-20");
    expect(viewport()).not.toHaveClass("top-0");
    expect(viewport()).not.toHaveAttribute("style");

    vi.spyOn(window, "innerWidth", "get").mockReturnValue(375);
    vi.spyOn(window, "innerHeight", "get").mockReturnValue(667);
    vi.spyOn(HTMLElement.prototype, "getBoundingClientRect").mockReturnValue({ top: 120, bottom: 651, right: 359 } as DOMRect);
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Edit Task</DialogTitle>
        </DialogContent>
      </Dialog>,
    );
    await vi.waitFor(() => expect(viewport().style.maxHeight).toBe("112px"));
    expect(viewport().style.top).toBe("0px");
    expect(viewport().style.bottom).toBe("auto");
    vi.restoreAllMocks();
  });
});
