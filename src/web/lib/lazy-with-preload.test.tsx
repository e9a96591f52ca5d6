import { act, render, screen } from "@testing-library/react";
import { Suspense, useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyWithPreload } from "./lazy-with-preload.tsx";

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

describe("lazyWithPreload", () => {
  it("renders at once, without its fallback, once preloaded; loads its code once", async () => {
    const load = vi.fn(() => Promise.resolve(Greeting));
    const LazyGreeting = lazyWithPreload(load);
    await LazyGreeting.preload();
    await LazyGreeting.preload();

    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText("Hello, Ada")).toBeInTheDocument();
    expect(screen.queryByText("Loading")).not.toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("suspends like React.lazy when rendered before it is loaded", async () => {
    const LazyGreeting = lazyWithPreload(() => Promise.resolve(Greeting));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <LazyGreeting name="Ada" />
      </Suspense>,
    );
    expect(screen.getByText("Loading")).toBeInTheDocument();
    expect(await screen.findByText("Hello, Ada")).toBeInTheDocument();
  });

  it("tries a failed load again at the next preload", async () => {
    const load = vi.fn<() => Promise<typeof Greeting>>().mockRejectedValueOnce(new Error("chunk lost")).mockResolvedValue(Greeting);
    const LazyGreeting = lazyWithPreload(load);
    await expect(LazyGreeting.preload()).rejects.toThrow("chunk lost");
    await act(() => LazyGreeting.preload());
    render(<LazyGreeting name="Ada" />);
    expect(screen.getByText("Hello, Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("optional: renders nothing when its code cannot be fetched, instead of throwing, and shows once the network returns", async () => {
    const load = vi
      .fn<() => Promise<typeof Greeting>>()
      .mockRejectedValueOnce(new TypeError("Failed to fetch"))
      .mockResolvedValue(Greeting);
    const LazyGreeting = lazyWithPreload(load, { optional: true });
    const { container } = render(<LazyGreeting name="Ada" />);
    await act(async () => {});
    expect(container).toBeEmptyDOMElement();
    await act(async () => {
      window.dispatchEvent(new Event("online"));
    });
    expect(await screen.findByText("Hello, Ada")).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("keeps a component rendered before its code arrived mounted when its parent renders again", async () => {
    function Counter() {
      const [count, setCount] = useState(0);
      return <button onClick={() => setCount(count + 1)}>Count {count}</button>;
    }
    let resolve: (component: typeof Counter) => void = () => {};
    const Lazy = lazyWithPreload(() => new Promise<typeof Counter>((done) => (resolve = done)));
    const view = render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    await act(async () => resolve(Counter));
    act(() => screen.getByRole("button").click());
    expect(screen.getByRole("button").textContent).toBe("Count 1");
    view.rerender(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy />
      </Suspense>,
    );
    expect(screen.getByRole("button").textContent).toBe("Count 1");
  });
});
