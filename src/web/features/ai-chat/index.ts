// Part of the initial JavaScript: everything heavy behind it loads lazily.
import { lazyWithPreload } from "../../lib/lazy-with-preload.tsx";

export { AIContextProvider, useAIContext, type AIContextValue, type ChatSizeMode } from "./components/ai-context.tsx";
export { AiAssistant } from "./components/ai-assistant.tsx";
export { LazyProposalCard } from "./lazy-proposal-card.ts";
export { markArrival, toProposalRef } from "./lib/proposal-refs.ts";
export type { ProposalRef } from "./lib/chat-messages.ts";

export const AiSettingsPanel = lazyWithPreload(() => import("./components/ai-settings-panel.tsx").then((module) => module.AiSettingsPanel));
