import { act, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyDialog } from "./lazy-dialog.tsx";

afterEach(() => vi.useRealTimers());

describe("lazyDialog", () => {
  it("mounts a dialog closed once its code has loaded on idle when asked, so that its first open finds its body built", async () => {
    vi.useFakeTimers();
    const mounted = vi.fn();
    const Kept = lazyDialog<{ open: boolean }>(
      () =>
        Promise.resolve(({ open }: { open: boolean }) => {
          mounted(open);
          return null;
        }),
      (props) => props.open,
      { mountOnIdle: true },
    );
    const Plain = lazyDialog<{ open: boolean }>(
      () =>
        Promise.resolve(() => {
          mounted("plain");
          return null;
        }),
      (props) => props.open,
    );
    render(
      <>
        <Kept open={false} />
        <Plain open={false} />
      </>,
    );
    // The idle moments come inside act, so React renders what they start there, whatever else the worker's page holds.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(mounted).toHaveBeenCalledWith(false);
    await Plain.preload();
    expect(mounted).not.toHaveBeenCalledWith("plain");
  });
});
