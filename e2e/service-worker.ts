import type { Page } from "@playwright/test";

/** Waits until the service worker has installed this build and controls the page. */
export async function waitForServiceWorker(page: Page) {
  await page.waitForFunction(async () => (await navigator.serviceWorker.getRegistration("/"))?.active?.state === "activated");
  // clients.claim() takes the open page over, unless that page's document began while the worker
  // was still installing: then, as for any visitor, the next load is the first one it answers. On a
  // busy machine a reload right after the activation was now and then still not answered by it
  // (the worker activated, the page visible and loaded, no controller 15 s later): a further load is.
  const isControlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
  for (let load = 1; !(await isControlled()); load++) {
    if (load > 3) throw new Error("the service worker, activated, controls no page after 3 loads");
    await page.reload();
    await page
      .waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 5_000, polling: 250 })
      .catch(() => undefined);
  }
}
