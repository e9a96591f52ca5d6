// The AI assistant's public surface: the app shell and pages import from here only. It is part of
// the initial JavaScript, so everything heavy behind it (the panel, Markdown, the settings tab,
// zod schemas) is loaded lazily.
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export { AIContextProvider, useAIContext, type AIContextValue, type ChatSizeMode } from "./components/ai-context.tsx";
export { AiAssistant } from "./components/ai-assistant.tsx";

/** Settings page, AI Settings tab; render inside a <Suspense>. */
export const AiSettingsPanel = lazyWithPreload(() => import("./components/ai-settings-panel.tsx").then((module) => module.AiSettingsPanel));
