import { lazy } from "react";

export const DataControlActions = lazy(() =>
  import("./components/data-control-actions.tsx").then((module) => ({ default: module.DataControlActions })),
);

export const ImportPanel = lazy(() => import("./components/import-panel.tsx").then((module) => ({ default: module.ImportPanel })));
