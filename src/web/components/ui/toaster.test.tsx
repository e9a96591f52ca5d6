import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { isolate } from "../../lib/bidi.ts";
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
});
