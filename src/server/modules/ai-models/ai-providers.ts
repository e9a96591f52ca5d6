// Keys stay inside the SDK clients built here (docs/decisions/008).
import type { LanguageModel } from "ai";
import { type AiProvider, type AiProviderName, aiProviderNames } from "../../../shared/api/ai.ts";
import type { AiConfig } from "../../config.ts";

interface ProviderInfo {
  displayName: string;
  description: string;
  features: string[];
  /** Named in the "not configured" answer. */
  keyVariable: string;
}

export const providerInfo: Record<AiProviderName, ProviderInfo> = {
  openai: {
    displayName: "OpenAI",
    description: "GPT models from OpenAI, or any OpenAI-compatible server (Ollama, LM Studio, vLLM).",
    features: ["Fast responses", "Strong reasoning", "OpenAI-compatible servers"],
    keyVariable: "OPENAI_API_KEY",
  },
  gemini: {
    displayName: "Google Gemini",
    description: "Google's Gemini models, quick and cost-effective for everyday planning.",
    features: ["Fast responses", "Large context window", "Cost-effective"],
    keyVariable: "GEMINI_API_KEY",
  },
  claude: {
    displayName: "Claude",
    description: "Anthropic's Claude models, careful and thoughtful for planning and reflection.",
    features: ["Thoughtful answers", "Long context", "Careful reasoning"],
    keyVariable: "ANTHROPIC_API_KEY",
  },
  openrouter: {
    displayName: "OpenRouter",
    description: "One key for many models from many vendors, routed by OpenRouter.",
    features: ["Many models", "Vendor choice", "Fallback routing"],
    keyVariable: "OPENROUTER_API_KEY",
  },
};

export function isProviderAvailable(config: AiConfig, name: AiProviderName): boolean {
  return Boolean(config.providers[name].apiKey);
}

export function listProviders(config: AiConfig): AiProvider[] {
  return aiProviderNames.map((name) => {
    const { keyVariable: _variable, ...info } = providerInfo[name];
    return { name, ...info, available: isProviderAvailable(config, name) };
  });
}

export type ProviderModel = Extract<LanguageModel, { specificationVersion: "v3" }>;

/** Undefined without a key. openai speaks chat completions (`.chat`): OpenAI-compatible local servers mostly lack the responses API. */
// Each provider's SDK loads on its first call: an instance uses one or two of the four.
export async function createProviderModel(config: AiConfig, name: AiProviderName): Promise<ProviderModel | undefined> {
  const { apiKey, baseUrl: baseURL, model } = config.providers[name];
  if (!apiKey) return undefined;
  switch (name) {
    case "openai":
      return (await import("@ai-sdk/openai")).createOpenAI({ apiKey, baseURL }).chat(model);
    case "gemini":
      return (await import("@ai-sdk/google")).createGoogleGenerativeAI({ apiKey, baseURL })(model);
    case "claude":
      return (await import("@ai-sdk/anthropic")).createAnthropic({ apiKey, baseURL }).messages(model);
    case "openrouter":
      return (await import("@openrouter/ai-sdk-provider")).createOpenRouter({ apiKey, baseURL, appName: "Daywise" }).chat(model);
  }
}
