// A second public surface of the AI feature, for other features' lazily loaded code (the goal
// breakdown dialog): kept out of index.ts, which is in the initial JavaScript, because the
// providers call parses with zod.
export { aiProvidersQueryOptions, useAiProviders } from "./api/get-ai-providers.ts";
export { loadChatProvider } from "./lib/chat-storage.ts";
export { PROVIDER_LABELS, providerNotConfiguredText } from "./lib/chat-messages.ts";
