import { expect, it, vi } from "vitest";

it("keeps animation frames coming after a test left one pending under fake intervals", async () => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  requestAnimationFrame(() => {});
  vi.useRealTimers();
  const fired = await new Promise<boolean>((resolve) => {
    requestAnimationFrame(() => resolve(true));
    setTimeout(() => resolve(false), 1_000);
  });
  expect(fired).toBe(true);
});
