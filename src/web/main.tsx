import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { prepareFirstRender } from "./app/shell/authenticated-shell.tsx";
import { bindUserStorage } from "./features/session/index.ts";
import { queryClient } from "./lib/query-client.ts";
import { startThemeSync } from "./lib/theme.ts";
import { holdIdleWork, whenIdle } from "./lib/when-idle.ts";

// The first paint has the theme already (index.html's theme script); from here it follows the
// system's scheme and the other tabs (decision 017).
startThemeSync();

// Before the user is asked for: what the browser keeps for a user is read only once they are known.
bindUserStorage(queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// Later code (menus, assistant, dialogs, other pages, the service worker) waits for the first
// screen to be painted (decision 013).
const releaseIdleWork = holdIdleWork();

function ReleaseIdleWorkOncePainted() {
  useEffect(() => {
    // After the commit, the next frame; after that frame's task, the paint is done. A hidden tab
    // paints no frame, and its later code (the notification engine among it) must still start.
    requestAnimationFrame(() => setTimeout(releaseIdleWork, 0));
    setTimeout(releaseIdleWork, 1_000);
  }, []);
  return null;
}

// The first screen's code and data first (the page's HTML carries the data), then one render of
// it, as a transition: React renders it in slices and lets the browser breathe between them,
// instead of long tasks a phone cannot answer input during (issue 20, decision 013).
void prepareFirstRender().then((prepared) => {
  const app = (
    <StrictMode>
      <App />
      <ReleaseIdleWorkOncePainted />
    </StrictMode>
  );
  // A visitor's welcome screen is in the HTML exactly as the app renders it (app-hydration.test.tsx):
  // React takes those elements over instead of painting new ones, which a phone's browser counted as
  // a later largest paint of the same screen.
  if (prepared === "welcome" && root.dataset.firstScreen === "welcome") {
    hydrateRoot(root, app);
    return;
  }
  startTransition(() => {
    createRoot(root).render(app);
  });
});

// The service worker (offline board, installable app: decision 018), registered once the page has
// loaded and the browser is idle; never in development, where Vite serves unbuilt files.
if (import.meta.env.PROD && "serviceWorker" in navigator) {
  whenIdle(() =>
    import("./lib/service-worker.ts")
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.warn("Could not load the service worker's registration", error)),
  );
}
