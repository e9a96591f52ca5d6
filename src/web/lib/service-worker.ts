/** `updateViaCache: "none"` makes every check ask the server, so that a new build is found on the next load. */
export async function registerServiceWorker(container: ServiceWorkerContainer = navigator.serviceWorker): Promise<void> {
  try {
    await container.register("/sw.js", { scope: "/", updateViaCache: "none" });
  } catch (error) {
    // The app works the same without it, only not offline.
    console.warn("Could not register the service worker", error);
  }
}
