import { lazy } from "react";

export const AiAnalyticsPanel = lazy(() =>
  import("./components/ai-analytics-panel.tsx").then((module) => ({ default: module.AiAnalyticsPanel })),
);
