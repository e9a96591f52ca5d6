// The dialog and the zod schemas behind it load when 'Break Down' is first pressed.
import { lazy } from "react";

export type { BreakdownDialogProps } from "./components/breakdown-dialog.tsx";

export const BreakdownDialog = lazy(() =>
  import("./components/breakdown-dialog.tsx").then((module) => ({ default: module.BreakdownDialog })),
);
