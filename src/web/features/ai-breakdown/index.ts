// The goal breakdown's public surface. The dialog (and the zod schemas behind it) loads when a
// goal card's 'Break Down' is first pressed.
import { lazy } from "react";

export type { BreakdownDialogProps } from "./components/breakdown-dialog.tsx";

/** Render inside a <Suspense>. */
export const BreakdownDialog = lazy(() =>
  import("./components/breakdown-dialog.tsx").then((module) => ({ default: module.BreakdownDialog })),
);
