import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app.tsx";
import { startThemeSync } from "./lib/theme.ts";
import "./styles.css";

// The first paint has the theme already (index.html's theme script); from here it follows the
// system's scheme and the other tabs (decision 017).
startThemeSync();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");

// A transition: React renders the first screen in slices and lets the browser breathe between
// them, instead of one long task a phone cannot answer input during (issue 20).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
