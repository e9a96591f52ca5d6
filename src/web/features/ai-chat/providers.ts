// Apart from index.ts, which is in the initial JavaScript, because the providers call parses with zod.
export { aiProvidersQueryOptions, useAiProviders } from "./api/get-ai-providers.ts";
export { loadChatProvider } from "./lib/chat-storage.ts";
export { PROVIDER_LABELS, providerNotConfiguredText } from "./lib/chat-messages.ts";
