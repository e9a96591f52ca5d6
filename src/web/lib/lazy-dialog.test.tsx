import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { lazyDialog } from "./lazy-dialog.tsx";

describe("lazyDialog", () => {
  it("mounts a dialog closed once its code has loaded on idle when asked, so that its first open finds its body built", async () => {
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
    await waitFor(() => expect(mounted).toHaveBeenCalledWith(false));
    await Plain.preload();
    expect(mounted).not.toHaveBeenCalledWith("plain");
  });
});
