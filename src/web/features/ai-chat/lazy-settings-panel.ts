// Apart from index.ts, so that the Settings page does not bring the assistant's button and context with it.
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export const AiSettingsPanel = lazyWithPreload(() => import("./components/ai-settings-panel.tsx").then((module) => module.AiSettingsPanel));
