import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import type * as ToastStoreModule from "./use-toast.ts";

type ToastStore = typeof ToastStoreModule;

let store: ToastStore;

beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  store = await import("./use-toast.ts");
});

afterEach(() => {
  vi.useRealTimers();
});

function StoreProbe() {
  const { toasts } = store.useToast();
  return (
    <ul>
      {toasts.map((toast) => (
        <li key={toast.id} data-open={toast.open}>
          {toast.title}
        </li>
      ))}
    </ul>
  );
}

describe("toast store", () => {
  it("keeps the spec's constants", () => {
    expect(store.TOAST_LIMIT).toBe(1);
    expect(store.TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(store.TOAST_DURATION).toBe(5_000);
    expect(store.TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(store.TOAST_HOTKEY).toEqual(["F8"]);
  });

  it("shows one toast at a time, the newest", () => {
    render(<StoreProbe />);

    act(() => {
      store.toast({ title: "First" });
      store.toast({ title: "Second" });
    });

    expect(screen.getAllByRole("listitem")).toHaveLength(1);
    expect(screen.getByRole("listitem")).toHaveTextContent("Second");
  });

  it("removes a dismissed toast after 1,000,000 ms, not before", () => {
    render(<StoreProbe />);
    let handle!: ReturnType<ToastStore["toast"]>;
    act(() => {
      handle = store.toast({ title: "Saved" });
    });

    act(() => handle.dismiss());
    expect(screen.getByRole("listitem")).toHaveAttribute("data-open", "false");

    act(() => vi.advanceTimersByTime(999_999));
    expect(screen.getByRole("listitem")).toHaveTextContent("Saved");
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole("listitem")).not.toBeInTheDocument();
  });

  it("dismisses every toast when no id is given, and updates a toast in place", () => {
    render(<StoreProbe />);
    let handle!: ReturnType<ToastStore["toast"]>;
    act(() => {
      handle = store.toast({ title: "Saving" });
    });
    act(() => handle.update({ title: "Saved" }));
    expect(screen.getByRole("listitem")).toHaveTextContent("Saved");

    act(() => store.dismissToast());
    expect(screen.getByRole("listitem")).toHaveAttribute("data-open", "false");
  });
});

describe("<Toaster />", () => {
  async function renderToaster() {
    const { Toaster } = await import("./toaster.tsx");
    render(<Toaster />);
  }

  it("shows title and description and closes after 5,000 ms", async () => {
    await renderToaster();
    act(() => {
      store.toast({ title: "Logged out", description: "You have been successfully logged out." });
    });

    expect(screen.getByText("Logged out")).toBeInTheDocument();
    expect(screen.getByText("You have been successfully logged out.")).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByText("Logged out")).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText("Logged out")).not.toBeInTheDocument();
  });

  it("renders the destructive variant and closes on its close button", async () => {
    await renderToaster();
    act(() => {
      store.toast({ variant: "destructive", title: "Logout failed", description: "There was an error logging you out." });
    });

    const title = screen.getByText("Logout failed");
    expect(title.closest("[data-variant]")).toHaveAttribute("data-variant", "destructive");

    fireEvent.click(screen.getByRole("button", { name: "Close notification" }));
    expect(screen.queryByText("Logout failed")).not.toBeInTheDocument();
  });

  it("labels the notification region with the F8 hotkey", async () => {
    await renderToaster();
    expect(screen.getByRole("region", { name: /notifications \(F8\)/i })).toBeInTheDocument();
  });
});
