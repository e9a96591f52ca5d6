// The service worker's registration (decision 018). Loaded lazily by main.tsx, once the page has
// loaded and the browser is idle, in production builds only: it is never on a first paint's path.

/**
 * Registers /sw.js for the whole app. `updateViaCache: "none"` makes every check for a new worker
 * ask the server (which answers it `no-cache`), so a new build is found on the next load.
 */
export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  try {
    await container.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch (error) {
    // The app works the same without it, only not offline.
    console.warn("Could not register the service worker", error);
  }
}
