import { afterEach, describe, expect, it, vi } from "vitest";
import { registerServiceWorker } from "./service-worker.ts";

afterEach(() => vi.restoreAllMocks());

describe("registerServiceWorker (decision 018)", () => {
  it("registers /sw.js for the whole app, asking the server on every update check", async () => {
    const register = vi.fn().mockResolvedValue({});
    await registerServiceWorker({ register } as unknown as ServiceWorkerContainer);
    expect(register).toHaveBeenCalledWith("/sw.js", { scope: "/", updateViaCache: "none" });
  });

  it("only warns when the browser refuses: the app works the same without it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const register = vi.fn().mockRejectedValue(new DOMException("denied", "SecurityError"));
    await expect(registerServiceWorker({ register } as unknown as ServiceWorkerContainer)).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith("Could not register the service worker", expect.any(DOMException));
  });
});
