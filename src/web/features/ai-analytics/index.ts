// The AI analytics' public surface: the Settings page's Analytics tab, loaded when it opens.
import { lazy } from "react";

/** Render inside a <Suspense>. */
export const AiAnalyticsPanel = lazy(() =>
  import("./components/ai-analytics-panel.tsx").then((module) => ({ default: module.AiAnalyticsPanel })),
);
