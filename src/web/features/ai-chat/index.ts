// Loaded with the signed-in layout (app/routed-content.tsx): everything heavy behind it loads lazily.
export { AIContextProvider, useAIContext, type AIContextValue, type ChatSizeMode } from "./components/ai-context.tsx";
export { AiAssistant } from "./components/ai-assistant.tsx";
export { AiSettingsPanel } from "./lazy-settings-panel.ts";
export { LazyProposalCard } from "./lazy-proposal-card.ts";
export { markArrival, toProposalRef } from "./lib/proposal-refs.ts";
export type { ProposalRef } from "./lib/chat-messages.ts";
