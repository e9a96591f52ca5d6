import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useNow } from "./use-now.ts";

function Clock({ label }: { label: string }) {
  const now = useNow(1000);
  return (
    <p>
      {label} {now.toISOString()}
    </p>
  );
}

describe("useNow", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs one timer for every part that shows the time, so that their ticks come together", () => {
    vi.useFakeTimers({ now: new Date("2026-12-07T09:00:00.000Z") });
    const setInterval = vi.spyOn(window, "setInterval");
    render(
      <>
        <Clock label="a" />
        <Clock label="b" />
        <Clock label="c" />
      </>,
    );
    expect(setInterval).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(1000));
    for (const label of ["a", "b", "c"]) expect(screen.getByText(new RegExp(`^${label} `))).toHaveTextContent("2026-12-07T09:00:01.000Z");
  });

  it("starts a part mounted between two ticks from its own moment, and stops the timer with the last part", () => {
    vi.useFakeTimers({ now: new Date("2026-12-07T09:00:00.000Z") });
    const { rerender, unmount } = render(
      <>
        <Clock label="a" />
      </>,
    );
    act(() => vi.advanceTimersByTime(1500));
    rerender(
      <>
        <Clock label="a" />
        <Clock label="b" />
      </>,
    );
    expect(screen.getByText(/^a /)).toHaveTextContent("2026-12-07T09:00:01.000Z");
    expect(screen.getByText(/^b /)).toHaveTextContent("2026-12-07T09:00:01.500Z");
    act(() => vi.advanceTimersByTime(500));
    expect(screen.getByText(/^b /)).toHaveTextContent("2026-12-07T09:00:02.000Z");
    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
