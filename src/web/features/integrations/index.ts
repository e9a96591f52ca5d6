import { lazy } from "react";

export const IntegrationsPanel = lazy(() =>
  import("./components/integrations-panel.tsx").then((module) => ({ default: module.IntegrationsPanel })),
);
