import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { prepareFirstRender } from "./app/shell/authenticated-shell.tsx";
import { bindUserStorage } from "./features/session/index.ts";
import { afterNextPaint } from "./lib/after-next-paint.ts";
import { queryClient } from "./lib/query-client.ts";
import { startThemeSync } from "./lib/theme.ts";
import { holdIdleWork, whenIdle } from "./lib/when-idle.ts";

startThemeSync();

// Before the user is asked for: what the browser keeps for a user is read only once they are known.
bindUserStorage(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Later code waits for the first screen to be painted (decision 013).
const releaseIdleWork = holdIdleWork();

function ReleaseIdleWorkOncePainted() {
  useEffect(() => {
    // After the commit, the next frame; after that frame's task, the paint is done. A hidden tab
    // paints no frame, and its later code (the notification engine among it) must still start.
    afterNextPaint(releaseIdleWork);
    setTimeout(releaseIdleWork, 1_000);
  }, []);
  return null;
}

// One render as a transition: React renders it in slices instead of long tasks a phone cannot answer input during.
void prepareFirstRender().then((prepared) => {
  const app = (
    <StrictMode>
      <App />
      <ReleaseIdleWorkOncePainted />
    </StrictMode>
  );
  // React takes over the HTML's welcome screen (app-hydration.test.tsx) rather than painting a new one,
  // which a phone's browser would count as a later largest paint.
  if (prepared === "welcome" && root.dataset.firstScreen === "welcome") {
    hydrateRoot(root, app);
    return;
  }
  startTransition(() => {
    createRoot(root).render(app);
  });
});

// Never in development, where Vite serves unbuilt files.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  whenIdle(() =>
    import("./lib/service-worker.ts")
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn("Could not load the service worker's registration", error)),
  );
}
