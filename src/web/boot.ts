// Lets the browser paint the HTML's loading screen before the app's code is evaluated, a long task on a phone split in two: React's own modules, then the app's (decisions 013, 077).
import "./styles.css";
import { afterNextPaint, nextTask } from "./lib/after-next-paint.ts";

let isStarted = false;
function start(): void {
  if (isStarted) return;
  isStarted = true;
  import("react-dom/client")
    .then(nextTask)
    .then(() => import("./main.tsx"))
    .catch((error: unknown) => console.error("Could not load the app", error));
}
// After the next frame has been painted; a hidden tab, which paints no frame, starts on a timer.
afterNextPaint(start);
setTimeout(start, 100);
