// The page's entry (index.html): it lets the browser paint the page's HTML (a signed-in page's
// loading screen) before the app's code is evaluated, which on a phone is a long task of its own.
// Without this, code that arrived before the first frame ran first and the loading screen waited
// for it (decision 013). The app's modules are already on their way: the server's HTML preloads
// them (src/server/plugins/web-app.ts, APP_MODULE).
import "./styles.css";

let isStarted = false;
function start(): void {
  if (isStarted) return;
  isStarted = true;
  import("./main.tsx").catch((error: unknown) => console.error("Could not load the app", error));
}
// After the next frame has been painted; a hidden tab, which paints no frame, starts on a timer.
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 100);
